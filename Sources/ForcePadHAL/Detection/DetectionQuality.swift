import ForcePadCore

/// How well a set of detection settings found the stages of a corpus, against the truth:
/// the latency from the true crossing of each stage's threshold to the frame the stage fired
/// in (`crossing_to_frame_us`: the filter delay and dwell of ``CrossingLatency``), false fires,
/// misses and chatter, over ``presses`` presses.
///
/// - false fire: a stage fired in a press whose true force never reached its threshold;
/// - miss: a stage did not fire in a press whose true force stayed at least 3 % above its
///   threshold for 20 ms or more (``DetectionScorer/expectedMargin``, ``DetectionScorer/expectedHoldMicros``);
/// - chatter: a stage fired more often than the true force crossed its threshold (after
///   falling below the threshold's release band), or the press began more often than the true
///   force crossed touch;
/// - early: a stage fired before the true force reached its threshold (by more than one truth
///   sample), the pad reading high; its latency is counted below zero.
public struct DetectionQuality: Sendable, Equatable {
    public internal(set) var presses = 0
    /// Every true crossing → stage frame (µs), peek and pop together; below zero for an early firing.
    public internal(set) var crossingToFrameMicros: [Int64] = []
    public internal(set) var falseFires = 0
    public internal(set) var misses = 0
    public internal(set) var chatter = 0
    public internal(set) var early = 0
    /// Stages that had to fire (for the miss rate's denominator).
    public internal(set) var expectedStages = 0

    public init() {}

    /// Nearest-rank percentile of the crossing → frame latency (µs); nil with no firing measured.
    public func crossingToFrame(permille: Int) -> Int64? {
        SampleSummary.percentile(crossingToFrameMicros, permille: permille)
    }

    /// `p50/p99/max 2488/4434/5851` (µs; `-` with no firing measured), as the table and `detection` print it.
    public var crossingToFrameText: String {
        func micros(_ permille: Int) -> String { crossingToFrame(permille: permille).map(String.init) ?? "-" }
        return "p50/p99/max \(micros(500))/\(micros(990))/\(micros(1000))"
    }

    /// Events per 1000 presses.
    public func perThousandPresses(_ count: Int) -> Double {
        presses > 0 ? Double(count) * 1000 / Double(presses) : 0
    }
}
