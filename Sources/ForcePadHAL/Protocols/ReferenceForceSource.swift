import ForcePadCore

/// A reference force sensor beside the pad: a load cell through an ADC, or a force gauge on
/// a serial port. It gives the true force the pad's own estimate is judged against.
///
/// A source is read by its own thread, never by the loop, so a slow or silent instrument
/// cannot disturb the loop's period. Each reading is stamped with `clock.nowMicros()` (the
/// clock the loop runs on, µs) at the instant the force was sensed as well as the source can
/// tell (e.g. the middle of a conversion, or the middle of a gauge's request-to-answer round
/// trip); the reader turns that into loop time.
public protocol ReferenceForceSource: ~Copyable {
    /// A short name for errors and `probe`, e.g. `nau7802 on /dev/i2c-1 at 0x2a`.
    var name: String { get }
    /// The interval between readings the source is set up for (µs); the reader asks no
    /// faster than this.
    var samplePeriodMicros: Int64 { get }
    /// Waits for the next reading and returns it, stamped on `clock` (its `timeMicros` in `clock.nowMicros()` units). Blocks at most about
    /// two sample periods plus one transfer; a device that does not answer in that time
    /// throws rather than blocking.
    mutating func read(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> ReferenceSample
}
