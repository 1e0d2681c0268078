import ForcePadCore

/// An accelerometer chip on its bus — an I2C adapter file of its own (on the converters'
/// adapter, or another one), or an SPI device (``SPIRegisterBus``) — its FIFO emptied every
/// ``batchMicros``.
///
/// Each read empties at most 32 FIFO entries, one six-byte block transfer each, so no transfer
/// holds an I2C bus longer than one sample (about 0.9 ms at 100 kHz, 0.23 ms at 400 kHz; on
/// SPI at 5 MHz, 14 µs) and the kernel interleaves them with the loop's conversions transfer
/// by transfer. Stamps: the newest
/// entry is taken as sampled when the FIFO's status was read, and each older one a sample
/// period earlier; the stamp is off by at most one sample period plus that status read
/// (``stampUncertaintyMicros``).
///
/// A chip that fails a transfer, or gives no sample for ``silentMicros`` (it reset, or lost
/// power, and stopped measuring), is started again at the next read: its ID is checked again
/// (another chip's is refused) and it is set up as at start.
public struct ChipAccelerometerSource<Chip: AccelerometerChip, Bus: BlockRegisterBus & ~Copyable>: AccelerometerSource, ~Copyable {
    public let name: String
    public let samplesPerSecond: Int64
    public var stampUncertaintyMicros: Int64 { 1_000_000 / samplesPerSecond + Self.statusReadMicros }
    /// How often the FIFO is emptied (µs): well inside the 10 ms a 32-entry FIFO holds at 3200 Hz.
    public static var batchMicros: Int64 { 5_000 }
    /// A status read at 100 kHz (µs), the stamps' share of the bus.
    static var statusReadMicros: Int64 { 300 }
    /// How long a chip may give no sample before it is taken as stopped (µs).
    public static var silentMicros: Int64 { 100_000 }
    private let chip: Chip
    private let axis: AccelerometerAxis
    private let busName: String
    private let address: UInt8
    private var bus: Bus
    private var pacer = MonotonicClock()
    private var nextMicros: Int64 = 0
    /// When the last sample came (µs, CLOCK_MONOTONIC).
    private var lastSampleMicros: Int64
    /// Whether the chip must be started again before the next read.
    private var needsStart = false

    /// Checks the chip's ID on `bus` and starts it; fails in one line naming the bus, the
    /// address and the fix.
    public init(chip: Chip, bus: consuming Bus, busName: String, address: UInt8, rateHz: Int, axis: AccelerometerAxis) throws(AccelerometerError) {
        var started = bus
        try chip.start(on: &started)
        self.bus = started
        self.chip = chip
        self.axis = axis
        self.busName = busName
        self.address = address
        samplesPerSecond = Int64(rateHz)
        name = "\(chip.chipName) at \(I2CBus.hex(address)) on \(busName)"
        lastSampleMicros = MonotonicClock().nowMicros()
    }

    public mutating func read(into output: inout MutableSpan<AccelerationSample>) throws(AccelerometerError) -> Int {
        nextMicros = max(nextMicros + Self.batchMicros, pacer.nowMicros())
        pacer.sleep(untilMicros: nextMicros)
        let newestMicros = pacer.nowMicros()
        var vectors = InlineArray<32, AccelerationVector>(repeating: .zero)
        let count: Int
        do {
            if needsStart {
                try chip.start(on: &bus)
                needsStart = false
                lastSampleMicros = newestMicros
            }
            var span = vectors.mutableSpan
            count = min(try chip.readFIFO(on: &bus, into: &span), output.count)
        } catch {
            needsStart = true
            throw error
        }
        guard count > 0 else {
            guard newestMicros - lastSampleMicros >= Self.silentMicros else { return 0 }
            needsStart = true
            throw .silent(chip: chip.chipName, bus: busName, address: address, micros: newestMicros - lastSampleMicros)
        }
        lastSampleMicros = newestMicros
        let period = 1_000_000 / samplesPerSecond
        for index in 0..<count {
            output[index] = AccelerationSample(
                timeMicros: newestMicros - Int64(count - 1 - index) * period, milliG: vectors[index].milliG(along: axis))
        }
        return count
    }
}

extension ChipAccelerometerSource where Bus == I2CBus {
    /// Opens `busDevice` and starts the chip on it.
    public init(chip: Chip, busDevice: String, address: UInt8, rateHz: Int, axis: AccelerometerAxis) throws(AccelerometerError) {
        let bus: I2CBus
        do { bus = try I2CBus(devicePath: busDevice) } catch { throw .bus(chip: chip.chipName, bus: busDevice, address: address, error) }
        try self.init(chip: chip, bus: bus, busName: busDevice, address: address, rateHz: rateHz, axis: axis)
    }
}
