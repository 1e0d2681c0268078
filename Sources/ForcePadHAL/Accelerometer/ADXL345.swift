import ForcePadCore

/// The Analog Devices ADXL345 three-axis accelerometer on I2C (address 0x53 with SDO low, 0x1D
/// with it high), read through its FIFO at 3200 Hz.
///
/// Registers: see ``ADXL345Registers``. Start (``start(on:)``): DEVID must be 0xE5; POWER_CTL
/// 0 (standby while it is set up), BW_RATE 0x0F (3200 Hz), DATA_FORMAT with FULL_RES (or not)
/// and the range, FIFO_CTL stream mode, then POWER_CTL Measure.
///
/// FIFO (``readFIFO(on:into:)``): FIFO_STATUS gives the entries waiting; each is read as one
/// six-byte block transfer from DATAX0 (the datasheet asks for a multi-byte read so the
/// entry is popped whole). A call moves at most `min(32, output.count)` entries, 6 bytes per
/// transfer, so at 100 kHz I2C about 32 × 0.8 ms ≈ 26 ms in the worst case — read it at least
/// every 10 ms (32 entries at 3200 Hz) for none to be lost.
///
/// Transfers are not retried: a failure is thrown at once, and the reader tries again.
public struct ADXL345: Sendable, Equatable {
    /// The adapter, e.g. `/dev/i2c-1`, for messages.
    public let busName: String
    public let address: UInt8
    public let range: AccelerometerRange
    /// Full resolution (4 mg/LSB at every range) rather than 10 bits over the range.
    public let fullResolution: Bool

    public init(busName: String, address: UInt8 = 0x53, range: AccelerometerRange, fullResolution: Bool = true) {
        self.busName = busName
        self.address = address
        self.range = range
        self.fullResolution = fullResolution
    }

    /// Checks DEVID and starts measuring into the FIFO at 3200 Hz.
    public func start<Bus: BlockRegisterBus & ~Copyable>(on bus: inout Bus) throws(AccelerometerError) {
        let id = try access.read(ADXL345Registers.deviceID, on: &bus)
        guard id == ADXL345Registers.adxl345DeviceID else {
            throw access.wrongDevice(found: id, expected: ADXL345Registers.adxl345DeviceID)
        }
        try access.write(0, to: ADXL345Registers.powerControl, on: &bus)
        try access.write(ADXL345Registers.rate3200Hz, to: ADXL345Registers.bandwidthRate, on: &bus)
        let format = (fullResolution ? ADXL345Registers.fullResolution : 0) | range.code
        try access.write(format, to: ADXL345Registers.dataFormat, on: &bus)
        try access.write(ADXL345Registers.fifoStream, to: ADXL345Registers.fifoControl, on: &bus)
        try access.write(ADXL345Registers.measure, to: ADXL345Registers.powerControl, on: &bus)
    }

    /// Empties up to `output.count` (at most 32) FIFO entries into `output`, oldest first;
    /// returns how many. Throws ``AccelerometerError/saturated(chip:bus:address:limitMilliG:)``
    /// when more than one entry was read and every one sat at the range's limit on an axis.
    public func readFIFO<Bus: BlockRegisterBus & ~Copyable>(
        on bus: inout Bus, into output: inout MutableSpan<AccelerationVector>
    ) throws(AccelerometerError) -> Int {
        let waiting = Int(try access.read(ADXL345Registers.fifoStatus, on: &bus) & ADXL345Registers.fifoEntriesMask)
        let count = min(waiting, output.count, ADXL345Registers.fifoDepth)
        var raw = InlineArray<6, UInt8>(repeating: 0)
        var saturatedEntries = 0
        for index in 0..<count {
            var bytes = raw.mutableSpan
            try access.readBlock(ADXL345Registers.firstDataRegister, on: &bus, into: &bytes)
            let vector = AccelerationVector(
                xMilliG: milliG(raw[0], raw[1]), yMilliG: milliG(raw[2], raw[3]), zMilliG: milliG(raw[4], raw[5]))
            output[index] = vector
            if AccelerometerRegisterAccess.isSaturated(vector, limit: range.limitMilliG) { saturatedEntries += 1 }
        }
        if count > 1 && saturatedEntries == count {
            throw access.saturated(limitMilliG: range.limitMilliG)
        }
        return count
    }

    /// Milli-g of one axis from its low and high data bytes: counts × 1000 / LSB-per-g, where
    /// LSB-per-g is 256 in full resolution, and 256 / (range / 2 g) in 10-bit mode.
    func milliG(_ low: UInt8, _ high: UInt8) -> Int32 {
        let counts = Int64(Int16(bitPattern: UInt16(high) << 8 | UInt16(low)))
        let countsPerG = fullResolution ? ADXL345Registers.countsPerG : ADXL345Registers.countsPerG >> range.code
        return Int32(counts * 1000 / countsPerG)
    }


    private var access: AccelerometerRegisterAccess {
        AccelerometerRegisterAccess(chip: "ADXL345", busName: busName, address: address)
    }
}
