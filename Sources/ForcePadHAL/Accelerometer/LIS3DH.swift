import ForcePadCore

/// The ST LIS3DH three-axis accelerometer on I2C (address 0x18 with SA0 low, 0x19 with it
/// high), read through its FIFO at 1.344 kHz in 12-bit high-resolution mode.
///
/// Registers: see ``LIS3DHRegisters``. Start (``start(on:)``): WHO_AM_I must be 0x33;
/// CTRL_REG1 0x97 (1.344 kHz, x, y and z on), CTRL_REG4 BDU, the range and HR, CTRL_REG5
/// FIFO_EN, FIFO_CTRL_REG stream mode.
///
/// FIFO (``readFIFO(on:into:)``): FIFO_SRC_REG's FSS gives the levels waiting (32 when it has
/// overrun); each is read as one six-byte block transfer from OUT_X_L with the auto-increment
/// bit (0xA8). A call moves at most `min(32, output.count)` levels, 6 bytes per transfer;
/// read it at least every 20 ms (32 levels at 1.344 kHz) for none to be lost.
public struct LIS3DH: Sendable, Equatable {
    public let busName: String
    public let address: UInt8
    public let range: AccelerometerRange

    public init(busName: String, address: UInt8 = 0x18, range: AccelerometerRange) {
        self.busName = busName
        self.address = address
        self.range = range
    }

    /// Checks WHO_AM_I and starts measuring into the FIFO.
    public func start<Bus: BlockRegisterBus & ~Copyable>(on bus: inout Bus) throws(AccelerometerError) {
        let id = try access.read(LIS3DHRegisters.whoAmI, on: &bus)
        guard id == LIS3DHRegisters.lis3dhID else {
            throw access.wrongDevice(found: id, expected: LIS3DHRegisters.lis3dhID)
        }
        try access.write(LIS3DHRegisters.rate1344HzAllAxes, to: LIS3DHRegisters.control1, on: &bus)
        let control4 = LIS3DHRegisters.blockDataUpdate | range.code << LIS3DHRegisters.rangeShift
            | LIS3DHRegisters.highResolution
        try access.write(control4, to: LIS3DHRegisters.control4, on: &bus)
        try access.write(LIS3DHRegisters.fifoEnable, to: LIS3DHRegisters.control5, on: &bus)
        try access.write(LIS3DHRegisters.fifoStream, to: LIS3DHRegisters.fifoControl, on: &bus)
    }

    /// Empties up to `output.count` (at most 32) FIFO levels into `output`, oldest first;
    /// returns how many. Throws ``AccelerometerError/saturated(chip:bus:address:limitMilliG:)``
    /// when more than one level was read and every one sat at the range's limit on an axis.
    public func readFIFO<Bus: BlockRegisterBus & ~Copyable>(
        on bus: inout Bus, into output: inout MutableSpan<AccelerationVector>
    ) throws(AccelerometerError) -> Int {
        let source = try access.read(LIS3DHRegisters.fifoSource, on: &bus)
        let waiting = source & LIS3DHRegisters.fifoEmpty != 0
            ? 0 : source & LIS3DHRegisters.fifoOverrun != 0
                ? LIS3DHRegisters.fifoDepth : Int(source & LIS3DHRegisters.fifoLevelMask)
        let count = min(waiting, output.count, LIS3DHRegisters.fifoDepth)
        var raw = InlineArray<6, UInt8>(repeating: 0)
        var saturatedLevels = 0
        let register = LIS3DHRegisters.firstDataRegister | LIS3DHRegisters.autoIncrement
        for index in 0..<count {
            var bytes = raw.mutableSpan
            try access.readBlock(register, on: &bus, into: &bytes)
            let vector = AccelerationVector(
                xMilliG: milliG(raw[0], raw[1]), yMilliG: milliG(raw[2], raw[3]), zMilliG: milliG(raw[4], raw[5]))
            output[index] = vector
            if AccelerometerRegisterAccess.isSaturated(vector, limit: range.limitMilliG) { saturatedLevels += 1 }
        }
        if count > 1 && saturatedLevels == count { throw access.saturated(limitMilliG: range.limitMilliG) }
        return count
    }

    /// Milli-g of one axis: the left-justified 16-bit value shifted to its 12 bits, times the
    /// range's mg per digit.
    func milliG(_ low: UInt8, _ high: UInt8) -> Int32 {
        Int32(Int16(bitPattern: UInt16(high) << 8 | UInt16(low)) >> 4) * LIS3DHRegisters.milliGPerDigit(range)
    }

    private var access: AccelerometerRegisterAccess {
        AccelerometerRegisterAccess(chip: "LIS3DH", busName: busName, address: address)
    }
}
