import ForcePadCore

/// A stand trial's force–travel figures over its judged presses (``ForceTravelCurve``): the
/// actuation travel of each stage, the peak force F1, the return force F2, the click ratio and
/// the hysteresis, each as mean, sd, min and max: lines for the shell and `travel` for the
/// JSON. Nothing for a trial without travel.
struct ForceTravelText {
    let analysis: TrialAnalysis

    /// The judged presses' curves with their records.
    private var judged: [(record: PressRecord, curve: ForceTravelCurve)] {
        analysis.records.indices.compactMap { index in
            guard index < analysis.curves.count, let curve = analysis.curves[index], !analysis.screening.isExcluded(index: index) else { return nil }
            return (analysis.records[index], curve)
        }
    }

    /// Each figure's name, unit scale (1000: µm to mm, mg to g, ‰ to a fraction), unit and values.
    private var figures: [(name: String, unit: String, values: [Int64])] {
        let presses = judged
        func stageTravel(_ stage: PressStage) -> [Int64] {
            presses.compactMap { press in press.record.firing(stage).flatMap { press.curve.travel(atMicros: $0.timeMicros) } }
        }
        return [
            ("peek_mm", "mm", stageTravel(.peek)), ("pop_mm", "mm", stageTravel(.pop)),
            ("depth_mm", "mm", presses.map(\.curve.depth)),
            ("peak_force_g", "g", presses.compactMap { $0.curve.peakForce.map { Int64($0.milligrams) } }),
            ("return_force_g", "g", presses.compactMap { $0.curve.returnForce.map { Int64($0.milligrams) } }),
            ("click_ratio", "", presses.compactMap(\.curve.clickRatioPermille)),
            ("hysteresis_g", "g", presses.compactMap { $0.curve.hysteresis.map { Int64($0.milligrams) } }),
        ]
    }

    /// `force–travel  (98 presses) peek at mean 2.79mm sd 0.004mm …` lines, one a figure.
    var lines: [String] {
        guard !analysis.curves.isEmpty else { return [] }
        let source = analysis.replay.referenceSamples.isEmpty ? "the stand's gauge" : "the reference's force"
        var lines = ["force–travel over \(CountText.of(judged.count, "judged press")) (\(source) at the stand's travel):"]
        for (name, unit, values) in figures {
            guard let summary = SampleSummary(values) else {
                lines.append("  \(name.padded(to: 15)) -")
                continue
            }
            func text(_ value: Double) -> String { FixedDecimal.format(Int64(value.rounded()), scale: 3) + unit }
            lines.append(
                "  \(name.padded(to: 15)) mean \(text(summary.mean))  sd \(text(summary.standardDeviation))"
                    + "  min \(text(Double(summary.minimum)))  max \(text(Double(summary.maximum)))  (\(summary.count))")
        }
        return lines
    }

    /// `travel`: each figure's `mean`, `sd`, `min`, `max` and `count` (a figure not measured
    /// is null); no field without travel.
    var fields: [(String, JSONValue)] {
        guard !analysis.curves.isEmpty else { return [] }
        return [("travel", .object(figures.map { name, _, values in
            guard let summary = SampleSummary(values) else { return (name, .null) }
            return (name, .object([
                ("mean", TrialReportText.number(summary.mean / 1000)), ("sd", TrialReportText.number(summary.standardDeviation / 1000)),
                ("min", .decimal(summary.minimum, places: 3)), ("max", .decimal(summary.maximum, places: 3)),
                ("count", .int(Int64(summary.count))),
            ]))
        }))]
    }
}
