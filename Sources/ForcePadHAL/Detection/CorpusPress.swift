import ForcePadCore

/// One press of the detection corpus: what it tests, its fingers (their true forces and
/// places), the front end's noise while it is read, and how long it is read for, from rest
/// before it to rest after it.
public struct CorpusPress: Sendable, Equatable {
    public let kind: CorpusPressKind
    public let fingers: [CorpusFinger]
    public let noise: FrontEndNoise
    /// Seeds the noise of this press.
    public let seed: UInt64
    /// How long the press is read (µs), rest after the last finger lifts included.
    public let durationMicros: Int64

    /// Rest read after the last finger lifts (µs), long enough for every release and late firing.
    public static let restAfterMicros: Int64 = 150_000

    public init(kind: CorpusPressKind, fingers: [CorpusFinger], noise: FrontEndNoise, seed: UInt64) {
        self.kind = kind
        self.fingers = fingers
        self.noise = noise
        self.seed = seed
        durationMicros = (fingers.map(\.endMicros).max() ?? 0) + Self.restAfterMicros
    }

    /// The true total force at `time` (µs from the press's start): every finger's (mg).
    public func trueForce(atMicros time: Int64) -> Int64 {
        fingers.reduce(0) { $0 + $1.force(atMicros: time) }
    }

    /// Whether the recogniser may fire stages at all: with two fingers apart it cancels the press.
    public var allowsStages: Bool { kind != .twoFinger }
}
