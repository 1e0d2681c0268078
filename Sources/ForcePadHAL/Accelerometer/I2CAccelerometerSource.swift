import ForcePadCore

/// An accelerometer chip on an I2C adapter of its own (a second file on the converters'
/// adapter, or another adapter), emptied every ``batchMicros``.
///
/// Each read empties at most ``AccelerationBatch/capacity`` (32) FIFO entries, one six-byte
/// block transfer each, so one read holds the bus for at most 33 transfers (about 26 ms at
/// 100 kHz, 7 ms at 400 kHz) and the kernel interleaves them with the loop's conversions
/// transfer by transfer. Stamps: the newest entry is taken as sampled when the FIFO's status
/// was read, and each older one a sample period earlier; the stamp is off by at most one
/// sample period plus that status read (``stampUncertaintyMicros``).
public struct I2CAccelerometerSource<Chip: AccelerometerChip>: AccelerometerSource, ~Copyable {
    public let name: String
    public let samplesPerSecond: Int64
    public var stampUncertaintyMicros: Int64 { 1_000_000 / samplesPerSecond + Self.statusReadMicros }
    /// How often the FIFO is emptied (µs): well inside the 10 ms a 32-entry FIFO holds at 3200 Hz.
    public static var batchMicros: Int64 { 5_000 }
    /// A status read at 100 kHz (µs), the stamps' share of the bus.
    static var statusReadMicros: Int64 { 300 }
    private let chip: Chip
    private let axis: AccelerometerAxis
    private var bus: I2CBus
    private var pacer = MonotonicClock()
    private var nextMicros: Int64 = 0
    private var vectors = InlineArray<32, AccelerationVector>(repeating: .zero)

    /// Opens `busDevice`, checks the chip's ID and starts it; fails in one line naming the bus,
    /// the address and the fix.
    public init(chip: Chip, busDevice: String, address: UInt8, rateHz: Int, axis: AccelerometerAxis) throws(AccelerometerError) {
        self.chip = chip
        self.axis = axis
        samplesPerSecond = Int64(rateHz)
        name = "\(chip.chipName) at \(I2CBus.hex(address)) on \(busDevice)"
        var opened = try Self.open(busDevice, chip: chip, address: address)
        try chip.start(on: &opened)
        bus = opened
    }

    private static func open(_ busDevice: String, chip: Chip, address: UInt8) throws(AccelerometerError) -> I2CBus {
        do { return try I2CBus(devicePath: busDevice) } catch { throw .bus(chip: chip.chipName, bus: busDevice, address: address, error) }
    }

    public mutating func read(into output: inout MutableSpan<AccelerationSample>) throws(AccelerometerError) -> Int {
        nextMicros = max(nextMicros + Self.batchMicros, pacer.nowMicros())
        pacer.sleep(untilMicros: nextMicros)
        let newestMicros = pacer.nowMicros()
        var span = vectors.mutableSpan
        let count = min(try chip.readFIFO(on: &bus, into: &span), output.count)
        let period = 1_000_000 / samplesPerSecond
        for index in 0..<count {
            output[index] = AccelerationSample(
                timeMicros: newestMicros - Int64(count - 1 - index) * period, milliG: vectors[index].milliG(along: axis))
        }
        return count
    }
}
