import ForcePadCore
import ForcePadHAL

/// The detection-quality table of `make bench`: every candidate's crossing latency, false
/// fires, misses and chatter on the press corpus (``DetectionCorpus``, ``presses`` presses from
/// each of seeds 1 to 3, read through the sim board's physical FSR model), deterministic and so gated: the
/// default's true crossing → stage frame p99 at most half the previous default's, with no more
/// false fires, misses or chatter, and no candidate better in every column (the default is on
/// the table's Pareto front). The crossing → line rows add the stage → line p99 this run
/// measured on the loop (a timing: reported, not judged).
struct DetectionTable {
    /// Presses per seed, and the seeds.
    static let pressesPerSeed = 1_000
    static let seeds: [UInt64] = [1, 2, 3]
    static var presses: Int { pressesPerSeed * seeds.count }
    static let latencyTarget = 0.5

    let comparison: DetectionComparison
    private let defaultIndex: Int
    private let previousIndex = 0

    /// The candidates, the previous default first and ``ControllerSettings/standard``'s among them.
    static var candidates: [DetectionCandidate] {
        let standard = ControllerSettings.standard
        let filter = standard.filter
        func oneEuro(
            rest: Int64 = filter.cutoffMilliHertz, beta: Int64 = filter.betaMilliHertzPerGramPerSecond,
            speed: Int64 = filter.speedCutoffMilliHertz, dwell: Int64 = standard.hysteresis.dwellMicros,
            touchDwell: Int64 = standard.hysteresis.touchDwellMicros, spike: Bool = true
        ) -> DetectionCandidate {
            .oneEuro(rest: rest, beta: beta, speed: speed, dwell: dwell, touchDwell: touchDwell, spike: spike)
        }
        return [
            .previousDefault, .onePole(cutoff: 30_000, dwell: 0, touchDwell: 3_000), .biquad(cutoff: 30_000, dwell: 0, touchDwell: 3_000),
            oneEuro(), oneEuro(touchDwell: 0), oneEuro(dwell: 1_000), oneEuro(dwell: 2_000), oneEuro(rest: 10_000),
            oneEuro(beta: 50), oneEuro(beta: 200), oneEuro(speed: 5_000), oneEuro(spike: false),
        ]
    }

    init() {
        let board = SimBoard.board()
        let standard = ControllerSettings.standard
        let presses = Self.seeds.flatMap { DetectionCorpus.presses(count: Self.pressesPerSeed, seed: $0, thresholds: standard.thresholds) }
        comparison = DetectionComparison(candidates: Self.candidates, presses: presses, renderer: CorpusRenderer(board: board))
        defaultIndex = comparison.candidates.firstIndex {
            $0.filter == standard.filter && $0.dwellMicros == standard.hysteresis.dwellMicros
                && $0.touchDwellMicros == standard.hysteresis.touchDwellMicros
        } ?? 0
    }

    /// One row per candidate and the gates.
    func rows(instructions: [BenchmarkChainSettings: Double]) -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        for (index, candidate) in comparison.candidates.enumerated() {
            let quality = comparison.scores[index]
            let chain = BenchmarkChainSettings.allCases.first { $0.filter.kind == candidate.filter.kind }
            let cost = chain.flatMap { instructions[$0] }.map { ", \(DecimalText.format($0, places: 1)) instr/frame" } ?? ""
            let marker = index == defaultIndex ? " (default)" : ""
            rows.append(BenchmarkRow("detection, \(candidate.name)\(marker)", value: Self.summary(quality) + cost))
        }
        let mine = comparison.scores[defaultIndex], previous = comparison.scores[previousIndex]
        let ratio = Double(mine.crossingToFrame(permille: 990) ?? .max) / Double(max(previous.crossingToFrame(permille: 990) ?? 1, 1))
        rows.append(BenchmarkRow(
            "detection: default / previous default, crossing->frame p99", value: DecimalText.format(ratio, places: 2),
            target: "<= \(DecimalText.format(Self.latencyTarget, places: 2))", meets: ratio <= Self.latencyTarget))
        let noWorse = mine.falseFires <= previous.falseFires && mine.misses <= previous.misses && mine.chatter <= previous.chatter
        rows.append(BenchmarkRow(
            "detection: default's false fires, misses, chatter",
            value: "\(mine.falseFires), \(mine.misses), \(mine.chatter) (previous \(previous.falseFires), \(previous.misses), \(previous.chatter))",
            target: "<= previous", meets: noWorse))
        let dominating = comparison.candidates.indices.filter { Self.dominates(comparison.scores[$0], mine) }
        rows.append(BenchmarkRow(
            "detection: candidates better than the default in every column", value: dominating.isEmpty ? "none" : dominating.map { comparison.candidates[$0].name }.joined(separator: "; "),
            target: "none", meets: dominating.isEmpty))
        return rows
    }

    /// Crossing → line p99 of the default and the previous default: crossing → frame p99 plus
    /// the stage → line p99 measured on the loop in this run (µs), and their ratio (timing).
    func lineRows(stageToLineP99Micros: Int64) -> [BenchmarkRow] {
        let mine = (comparison.scores[defaultIndex].crossingToFrame(permille: 990) ?? 0) + stageToLineP99Micros
        let previous = (comparison.scores[previousIndex].crossingToFrame(permille: 990) ?? 0) + stageToLineP99Micros
        let ratio = Double(mine) / Double(max(previous, 1))
        return [
            BenchmarkRow(
                "detection: crossing->line p99 (crossing->frame + stage->line p99 \(stageToLineP99Micros) us), default / previous",
                value: "\(mine) / \(previous) us = \(DecimalText.format(ratio, places: 2))",
                timingTarget: "<= \(DecimalText.format(Self.latencyTarget, places: 2))", meets: ratio <= Self.latencyTarget),
        ]
    }

    /// The corpus and how each figure is defined, for the notes above the table.
    var notes: [String] {
        let expected = comparison.scores[0].expectedStages
        return [
            "detection: \(Self.presses) corpus presses (seeds \(Self.seeds.map(String.init).joined(separator: ", ")): \(CorpusPressKind.allCases.map(\.rawValue).joined(separator: ", ")); noise \(FrontEndNoise.all.map(\.name).joined(separator: ", "))) through the sim board's physical FSRs, each cell calibrated on its own curve; drag rule off; \(expected) stages had to fire",
            "  crossing->frame: true crossing of the threshold -> the frame the stage fired in, p50/p99/max (us, below 0 when early); false fires, misses, chatter per \(Self.presses) presses (docs/performance.md)",
        ]
    }

    private static func summary(_ quality: DetectionQuality) -> String {
        let rates = [quality.falseFires, quality.misses, quality.chatter].map { DecimalText.format(quality.perThousandPresses($0), places: 1) }
        return "\(quality.crossingToFrameText) us, false \(quality.falseFires), miss \(quality.misses), chatter \(quality.chatter) (\(rates.joined(separator: ", ")) per 1000 presses), early \(quality.early)"
    }

    /// Whether `a` is at least as good as `b` in every column and better in one (p99, false
    /// fires, misses, chatter).
    private static func dominates(_ a: DetectionQuality, _ b: DetectionQuality) -> Bool {
        let left = [a.crossingToFrame(permille: 990) ?? .max, Int64(a.falseFires), Int64(a.misses), Int64(a.chatter)]
        let right = [b.crossingToFrame(permille: 990) ?? .max, Int64(b.falseFires), Int64(b.misses), Int64(b.chatter)]
        return zip(left, right).allSatisfy { $0 <= $1 } && zip(left, right).contains { $0 < $1 }
    }
}
