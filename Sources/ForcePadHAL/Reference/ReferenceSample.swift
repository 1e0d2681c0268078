import ForcePadCore

/// One reading of the reference sensor: the force it measured (mg, Q0) and when (µs). A
/// source stamps it on its reader's clock; once handed on from the reader, the time is loop
/// time (µs since the loop's start, the frames' clock).
public struct ReferenceSample: Sendable, Equatable, BitwiseCopyable {
    /// When the force was sensed (µs).
    public var timeMicros: Int64
    /// The force the reference measured, tared (mg, Q0).
    public var force: Force

    public init(timeMicros: Int64, force: Force) {
        self.timeMicros = timeMicros
        self.force = force
    }
}
