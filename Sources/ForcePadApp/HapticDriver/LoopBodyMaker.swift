import ForcePadHAL

/// Makes the loop's thread body over a frame source and a haptic line of any type, so the
/// loop is specialised on both: what a ``HapticDriverChip`` hands the line it wrapped to.
protocol LoopBodyMaker {
    /// The loop over `source` and `line`, as the body of its thread.
    func body<Source: FrameSource & ~Copyable & SendableMetatype, Line: HapticLine & ~Copyable & SendableMetatype>(
        _ source: consuming Source, _ line: consuming Line
    ) -> @Sendable () -> Void
}
