/// How long the force has stayed at or above one threshold, frame after frame.
struct ThresholdDwell: Sendable, BitwiseCopyable {
    /// Time of the first frame of the current run at or above the threshold (µs), or nil
    /// when the latest frame was below it.
    private var aboveSinceMicros: Int64?

    init() {}

    /// Feeds one frame. Returns whether `force` has been at or above `threshold` in every
    /// frame for at least `dwellMicros` (µs), counting from the first frame of the run.
    @_noAllocation
    mutating func isHeld(_ force: Force, threshold: Force, atMicros time: Int64, dwellMicros: Int64) -> Bool {
        guard force.milligrams >= threshold.milligrams else {
            aboveSinceMicros = nil
            return false
        }
        let since = aboveSinceMicros ?? time
        aboveSinceMicros = since
        return time - since >= dwellMicros
    }

    /// Forgets the current run (after a gap in the frames).
    @_noAllocation
    mutating func reset() {
        aboveSinceMicros = nil
    }
}
