/// How long the force has stayed at or above one threshold, frame after frame.
@usableFromInline
struct ThresholdDwell: Sendable, BitwiseCopyable {
    /// ``aboveSinceMicros`` when the latest frame was below the threshold. Frame times are loop
    /// times (µs since the loop started, never negative), so no run starts at it (a frame
    /// stamped with exactly this time would only restart its run).
    @inlinable static var notAbove: Int64 { .min }

    /// Time of the first frame of the current run at or above the threshold (µs), or
    /// ``notAbove`` when the latest frame was below it. A sentinel rather than an optional: the
    /// recogniser asks three of these every frame, and an optional's tag was stored and
    /// compared apart from its value each time.
    @usableFromInline var aboveSinceMicros = Self.notAbove

    @usableFromInline init() {}

    /// Feeds one frame at `time` (µs). Returns whether `force` has been at or above
    /// `threshold` in every frame for at least `dwellMicros` (µs), counting from the first
    /// frame of the run.
    @_noAllocation
    mutating func isHeld(_ force: Force, threshold: Force, atMicros time: Int64, dwellMicros: Int64) -> Bool {
        guard force.milligrams >= threshold.milligrams else {
            aboveSinceMicros = Self.notAbove
            return false
        }
        if aboveSinceMicros == Self.notAbove { aboveSinceMicros = time }
        // Wrapping: loop times are ≥ 0 and the run started no later than `time`, so it never
        // wraps there; a time from a damaged recording gives a wrong answer, not a trap.
        return time &- aboveSinceMicros >= dwellMicros
    }

    /// Forgets the current run: after a gap in the frames, or for a frame below the threshold
    /// (what ``isHeld(_:threshold:atMicros:dwellMicros:)`` does then, for the recogniser's
    /// frames inlined into the loop).
    @inlinable @_noAllocation
    mutating func restart() {
        aboveSinceMicros = Self.notAbove
    }
}
