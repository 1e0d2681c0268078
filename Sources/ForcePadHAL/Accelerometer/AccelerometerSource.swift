import ForcePadCore

/// Where the ``AccelerometerReader`` gets its samples: a chip on a bus, or the `sim` board's
/// simulated one. A source paces itself: ``read(into:)`` waits until a batch is due.
public protocol AccelerometerSource: ~Copyable {
    /// The source's name in messages, e.g. `ADXL345 at 0x53 on /dev/i2c-1`.
    var name: String { get }
    /// The rate its samples are taken at (Hz).
    var samplesPerSecond: Int64 { get }
    /// How far a sample's stamp may be from when it was taken (µs).
    var stampUncertaintyMicros: Int64 { get }
    /// Waits for the next batch, then fills `output` from its start with the samples taken
    /// since the last call, oldest first, each stamped on CLOCK_MONOTONIC (µs); returns how many.
    mutating func read(into output: inout MutableSpan<AccelerationSample>) throws(AccelerometerError) -> Int
}
