/// A pattern as the scheduler plays it in its output mode.
struct HapticPlayback: Sendable, BitwiseCopyable {
    /// The steps: the configured pattern (pulse, trigger-level) or one edge pulse
    /// (trigger-edge).
    var pattern: CompiledHapticPattern
    var id: HapticPatternID
    /// Trigger-level: the first on step lasts until the stage is released (within the
    /// limits) and nothing follows it.
    var holdsUntilReleased: Bool

    @_noAllocation
    init(pattern: CompiledHapticPattern, id: HapticPatternID, holdsUntilReleased: Bool) {
        self.pattern = pattern
        self.id = id
        self.holdsUntilReleased = holdsUntilReleased
    }

    /// Length on step `step` asks for (µs); `Int64.max` when held until released.
    @_noAllocation
    func requestedOnMicros(step: Int) -> Int64 {
        holdsUntilReleased ? .max : pattern[step]
    }

    /// When the on step after `step` is due if `step` began at `startedMicros` (µs), or nil
    /// when the pattern ends with `step`.
    @_noAllocation
    func nextOnStep(after step: Int, startedMicros: Int64) -> (step: Int, dueMicros: Int64)? {
        guard !holdsUntilReleased, step + 2 < pattern.count else { return nil }
        return (step + 2, startedMicros + pattern[step] + pattern[step + 1])
    }
}
