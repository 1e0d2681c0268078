import ForcePadCore

/// What the reader needs of an accelerometer chip at register level: check its ID and start
/// it measuring into its FIFO, then empty the FIFO. The ``ADXL345`` and ``LIS3DH`` conform.
public protocol AccelerometerChip: Sendable {
    /// The chip's name in messages, e.g. `ADXL345`.
    var chipName: String { get }
    /// Checks the ID register and starts measuring into the FIFO.
    func start<Bus: BlockRegisterBus & ~Copyable>(on bus: inout Bus) throws(AccelerometerError)
    /// Empties up to `output.count` (at most 32) FIFO entries into `output`, oldest first.
    func readFIFO<Bus: BlockRegisterBus & ~Copyable>(
        on bus: inout Bus, into output: inout MutableSpan<AccelerationVector>
    ) throws(AccelerometerError) -> Int
}

extension ADXL345: AccelerometerChip {
    public var chipName: String { "ADXL345" }
}

extension LIS3DH: AccelerometerChip {
    public var chipName: String { "LIS3DH" }
}
