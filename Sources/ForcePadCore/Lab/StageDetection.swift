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

    /// What the stage did in one press, against the true peak.
    public enum Outcome: String, Sendable, Equatable {
        /// Fired, and the true force reached the threshold.
        case hit
        /// Did not fire though the true force reached the miss level (threshold + margin).
        case miss
        /// Fired while the true force stayed below the threshold − the margin.
        case falseFire = "false_fire"
        /// Fired while the true force stayed below the threshold, within the margin.
        case near
        /// Did not fire, and the true force stayed below the miss level.
        case notReached = "not_reached"
        /// Not judged: cancelled, unfinished, or no true peak known.
        case notJudged = "not_judged"
    }

    public let stage: PressStage
    /// The force the true peak had to reach for a press to be judged a miss (threshold + margin).
    public let missLevel: Force
    public let basis: Basis
    /// Presses judged.
    public let judged: Int
    /// The presses that missed the stage: 1-based numbers within the trial.
    public let misses: [Int]
    /// The presses in which it fired falsely (``Outcome/falseFire``): 1-based numbers.
    public let falseFires: [Int]
    /// Every press's outcome, in press order.
    public let outcomes: [Outcome]

    /// `peaks[i]` is press i's true peak force (nil: none known, not judged).
    public init(stage: PressStage, records: [PressRecord], peaks: [Force?], threshold: Force, margin: Force, basis: Basis) {
        self.stage = stage
        self.basis = basis
        missLevel = Force(milligrams: Int32(clamping: Int64(threshold.milligrams) + Int64(margin.milligrams)))
        let falseLevel = Int64(threshold.milligrams) - Int64(margin.milligrams)
        var judged = 0
        var outcomes: [Outcome] = []
        for (index, record) in records.enumerated() {
            guard record.isFinished, !record.isCancelled, index < peaks.count, let peak = peaks[index] else {
                outcomes.append(.notJudged)
                continue
            }
            judged += 1
            if record.firing(stage) == nil {
                outcomes.append(peak >= missLevel ? .miss : .notReached)
            } else if peak >= threshold {
                outcomes.append(.hit)
            } else {
                outcomes.append(Int64(peak.milligrams) < falseLevel ? .falseFire : .near)
            }
        }
        self.judged = judged
        self.outcomes = outcomes
        misses = outcomes.indices.filter { outcomes[$0] == .miss }.map { $0 + 1 }
        falseFires = outcomes.indices.filter { outcomes[$0] == .falseFire }.map { $0 + 1 }
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
