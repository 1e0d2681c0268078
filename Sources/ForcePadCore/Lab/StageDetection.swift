/// Whether a stage fired in the presses that should have fired it, judged against the truth:
/// a press *misses* the stage when its true peak force reached the threshold plus a margin and
/// the stage never fired. The truth is the reference sensor's peak over the press when the
/// recording has one (``Basis/reference``), else the pad's own peak (``Basis/pad``: a press
/// too short for the dwell still counts; a pad that under-reads does not show). Cancelled and
/// unfinished presses are not judged; nor is a press with no reference reading in it.
public struct StageDetection: Sendable, Equatable {
    public enum Basis: String, Sendable, Equatable {
        case reference, pad
    }

    public let stage: PressStage
    /// The force the true peak had to reach for a press to be judged a miss (threshold + margin).
    public let missLevel: Force
    public let basis: Basis
    /// Presses judged.
    public let judged: Int
    /// The presses that missed the stage: 1-based numbers within the trial.
    public let misses: [Int]

    /// `peaks[i]` is press i's true peak force (nil: none known, not judged).
    public init(stage: PressStage, records: [PressRecord], peaks: [Force?], threshold: Force, margin: Force, basis: Basis) {
        self.stage = stage
        self.basis = basis
        missLevel = Force(milligrams: Int32(clamping: Int64(threshold.milligrams) + Int64(margin.milligrams)))
        var judged = 0
        var misses: [Int] = []
        for (index, record) in records.enumerated() where record.isFinished && !record.isCancelled {
            guard index < peaks.count, let peak = peaks[index] else { continue }
            judged += 1
            if record.firing(stage) == nil && peak >= missLevel { misses.append(index + 1) }
        }
        self.judged = judged
        self.misses = misses
    }

    /// The check against at most `limit` misses, e.g. `pop fired in every press whose true
    /// force (reference) reached 320g` measured as `6 misses in 20 presses judged (presses 2, 5, …)`.
    public func check(missesMax limit: Int) -> LimitCheck {
        let truth = basis == .reference ? "true force (reference)" : "pad force"
        let name = limit == 0
            ? "\(stage.rawValue) fired in every press whose \(truth) reached \(missLevel)"
            : "\(stage.rawValue) missed at most \(CountText.of(limit, "press")) whose \(truth) reached \(missLevel)"
        let measured = misses.isEmpty
            ? "0 misses in \(CountText.of(judged, "press")) judged"
            : "\(CountText.of(misses.count, "miss")) in \(CountText.of(judged, "press")) judged (\(misses.count == 1 ? "press" : "presses") \(misses.map(String.init).joined(separator: ", ")))"
        return LimitCheck(name: name, measured: measured, passed: misses.count <= limit)
    }
}
