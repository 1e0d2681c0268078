import ForcePadCore

/// A press as the pad read it, with the truth beside it: the converter's frames and the true
/// total force (the reference sensor's readings on a lab's recording; the generated force,
/// every 100 µs, for a corpus press).
public struct CorpusRecording: Sendable {
    public var frames: [RawFrame]
    /// The true total force, oldest first.
    public var truth: [ReferenceSample]
    /// Whether the recogniser may fire stages at all (false: two fingers apart, cancelled by design).
    public var allowsStages: Bool
    /// Time between two readings of the truth (µs).
    public var truthPeriodMicros: Int64

    public init(frames: [RawFrame], truth: [ReferenceSample], allowsStages: Bool = true, truthPeriodMicros: Int64 = CorpusRenderer.truthPeriodMicros) {
        self.frames = frames
        self.truth = truth
        self.allowsStages = allowsStages
        self.truthPeriodMicros = truthPeriodMicros
    }
}
