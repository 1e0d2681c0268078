import ForcePadCore
import ForcePadLabFiles

/// A trial's statistics for the shell: readable lines with text histograms, and the same
/// figures as JSON fields (forces in grams, times in µs).
struct TrialReportText {
    let analysis: TrialAnalysis

    var lines: [String] {
        let statistics = analysis.statistics
        let info = analysis.recording.info
        var lines = [
            "\(info.kind) \(info.name): \(CountText.of(statistics.presses, "press")), \(statistics.cancelled) cancelled (rate \(Self.fixed(statistics.cancelRate, 3)))",
            Self.extent(info),
        ] + TrialPartsText(analysis: analysis).lines + [
            "thresholds  touch \(analysis.thresholds.touch)  peek \(analysis.thresholds.peek)  pop \(analysis.thresholds.pop)",
            "limits      \(analysis.limitsSource)",
        ]
        if let peak = statistics.peak {
            lines.append("peak force  mean \(Self.grams(peak.mean))  min \(Self.grams(peak.minimum))  max \(Self.grams(peak.maximum))")
        }
        for stage in statistics.stages {
            lines.append("\(stage.stage.rawValue) (\(stage.threshold)): fired \(stage.fired) of \(statistics.presses)")
            if let detection = analysis.detections.first(where: { $0.stage == stage.stage }), !detection.misses.isEmpty {
                let truth = detection.basis == .reference ? "true force (reference)" : "pad force"
                lines.append("  missed      presses \(detection.misses.map(String.init).joined(separator: ", ")): \(truth) reached \(detection.missLevel) without it")
            }
            guard let force = stage.force, let overshoot = stage.overshoot, let timing = stage.touchToStage else {
                // Nothing judged fired this stage: still say why the figure a lab signs is absent.
                lines.append(Self.crossingLine(stage, hasReference: analysis.replay.references != nil))
                continue
            }
            lines.append("  fired at    mean \(Self.grams(force.mean))  sd \(Self.grams(force.standardDeviation))  min \(Self.grams(force.minimum))  max \(Self.grams(force.maximum))")
            lines.append("  overshoot   mean \(Self.grams(overshoot.mean))  max \(Self.grams(overshoot.maximum))")
            lines.append("  " + "touch→\(stage.stage.rawValue)".padded(to: 12) + "mean \(Self.millis(timing.mean))  min \(Self.millis(Double(timing.minimum)))  max \(Self.millis(Double(timing.maximum)))")
            if let p50 = stage.latencyP50Micros, let p99 = stage.latencyP99Micros, let max = stage.latencyMaxMicros {
                lines.append("  stage→line  p50 \(p50)us  p99 \(p99)us  max \(max)us (\(CountText.of(stage.latenciesMicros.count, "driven pulse")))")
            } else {
                lines.append("  stage→line  not measured: no pulse drove the line (haptics \(info.haptics?.line ?? "off or dry run"))")
            }
            lines.append(Self.crossingLine(stage, hasReference: analysis.replay.references != nil))
            if let parts = Self.crossingParts(stage) { lines.append(parts) }
            if let felt = FeltReportText.line(stage) { lines.append(felt) }
            lines.append("  chatter     \(CountText.of(stage.chatter, "re-crossing")) in \(CountText.of(stage.pressesWithChatter, "press"))")
            if let comparison = analysis.referenceComparisons.first(where: { $0.stage == stage.stage }) {
                lines += Self.lines(comparison)
            }
            lines.append("  fired force:")
            lines += TextHistogram.lines(stage.forcesMilligrams, unit: "g") { FixedDecimal.format($0, scale: 3) }
            if !stage.latenciesMicros.isEmpty {
                lines.append("  stage→line latency:")
                lines += TextHistogram.lines(stage.latenciesMicros, unit: "us") { String($0) }
            }
            if !stage.crossings.isEmpty {
                lines.append("  crossing→line latency:")
                lines += TextHistogram.lines(stage.crossings.map(\.crossingToLineMicros), unit: "us") { String($0) }
            }
        }
        lines += HeldForceErrorText(analysis: analysis).lines
        lines += ForceTravelText(analysis: analysis).lines
        lines += StandDriftText(analysis: analysis).lines
        lines += PressExclusionText(analysis: analysis).lines
        lines += PressTable(analysis: analysis).lines
        for check in analysis.checks {
            lines.append("  \(check.passed ? "pass" : "FAIL")  \(check.name): \(check.measured)")
        }
        lines.append(analysis.verdictLine)
        return lines
    }

    /// How much of the trial was done and how it ended: `20 presses requested, 1 completed;
    /// stopped by command at 2026-11-24T20:30:00Z`.
    static func extent(_ info: CaptureInfo) -> String {
        let how = info.stoppedBy.map { $0 == "trial complete" ? "complete" : "stopped by \($0)" } ?? "stopped"
        let ended = info.stopped.map { "\(how) at \($0)" } ?? "interrupted (never stopped)"
        guard let requested = info.trialPresses else { return "recorded   \(CountText.of(info.frames, "frame")); \(ended)" }
        return "presses     \(requested) requested, \(info.pressesCompleted.map(String.init) ?? "unknown") completed; \(ended)"
    }

    var fields: [(String, JSONValue)] {
        let statistics = analysis.statistics
        var fields: [(String, JSONValue)] = [
            ("name", .string(analysis.recording.info.name)), ("presses", .int(Int64(statistics.presses))),
            ("cancelled", .int(Int64(statistics.cancelled))), ("cancel_rate", Self.number(statistics.cancelRate)),
            ("peak_g", Self.summary(statistics.peak, scale: 1000)),
        ]
        for stage in statistics.stages {
            fields.append((stage.stage.rawValue, Self.json(
                stage, reference: analysis.referenceComparisons.first { $0.stage == stage.stage },
                detection: analysis.detections.first { $0.stage == stage.stage })))
        }
        fields.append(("checks", .array(analysis.checks.map {
            .object([("limit", .string($0.name)), ("measured", .string($0.measured)), ("passed", .bool($0.passed))])
        })))
        fields += TrialPartsText(analysis: analysis).fields
        fields += HeldForceErrorText(analysis: analysis).fields
        fields += ForceTravelText(analysis: analysis).fields
        fields += StandDriftText(analysis: analysis).fields
        fields += PressExclusionText(analysis: analysis).fields
        fields.append(("verdict", analysis.verdict.map { .string($0) } ?? .null))
        fields.append(("incomplete_because", .array(analysis.incompleteBecause.map { .string($0) })))
        return fields
    }

    /// Mean, sd, min and max in the unit `scale` divides to (1000: mg to g).
    static func summary(_ summary: SampleSummary?, scale: Double) -> JSONValue {
        guard let summary else { return .null }
        return .object([
            ("mean", number(summary.mean / scale)), ("sd", number(summary.standardDeviation / scale)),
            ("min", number(Double(summary.minimum) / scale)), ("max", number(Double(summary.maximum) / scale)),
        ])
    }

    /// The latency a lab signs (``CrossingLatency``): `crossing→line p50 6612us  p99 9800us
    /// max 9800us ±12500us (18 firings)`, or why it was not measured; never a figure that was not.
    static func crossingLine(_ stage: StageStatistics, hasReference: Bool) -> String {
        let title = "  crossing→line "
        guard let p50 = stage.crossingToLineP50Micros, let p99 = stage.crossingToLineP99Micros,
            let max = stage.crossingToLineMaxMicros, let uncertainty = stage.crossingUncertaintyMicros
        else {
            return title + (hasReference
                ? "not measured: no firing with a reference crossing and a driven line"
                : "not measured: no reference sensor in this recording")
        }
        return title + "p50 \(p50)us  p99 \(p99)us  max \(max)us ±\(uncertainty)us (\(CountText.of(stage.crossings.count, "firing")); true force crossing \(stage.threshold) → line)"
    }

    /// The crossing→line parts, means over the firings: `  = filter delay 4210us + dwell 2000us + stage→line 48us`.
    static func crossingParts(_ stage: StageStatistics) -> String? {
        let crossings = stage.crossings
        guard !crossings.isEmpty else { return nil }
        func mean(_ part: (CrossingLatency) -> Int64) -> Int64 {
            let sum = crossings.reduce(Int64(0)) { $0 + part($1) }
            return Int64((Double(sum) / Double(crossings.count)).rounded())
        }
        return "    mean = filter delay \(mean(\.filterDelayMicros))us + dwell \(mean(\.dwellMicros))us + stage→line \(mean(\.stageToLineMicros))us"
    }

    /// The stage against the reference sensor: the true force at firing and the pad's error.
    static func lines(_ comparison: StageReferenceComparison) -> [String] {
        let missing = comparison.withoutReference > 0 ? " (\(comparison.withoutReference) without a reference reading)" : ""
        let reference = comparison.reference, error = comparison.error
        return [
            "  reference   true force at firing mean \(grams(reference.mean))  sd \(grams(reference.standardDeviation))  min \(grams(reference.minimum))  max \(grams(reference.maximum))\(missing)",
            "  pad − ref   mean \(signed(error.mean))  sd \(grams(error.standardDeviation))  max |error| \(grams(comparison.maxAbsoluteError))",
        ]
    }

    /// The stage's JSON fields; `reference` adds `reference_g` (the true force at firing) and
    /// `pad_minus_reference_g` (mean, sd, max_abs), or null without a reference.
    /// `detection` adds `misses` (the press numbers), `miss_level_g`, `judged` and `truth`.
    static func json(_ stage: StageStatistics, reference: StageReferenceComparison? = nil, detection: StageDetection? = nil) -> JSONValue {
        func optional(_ value: Int64?) -> JSONValue { value.map { .int($0) } ?? .null }
        let referenceFields: [(String, JSONValue)] = [
            ("reference_g", summary(reference?.reference, scale: 1000)),
            ("pad_minus_reference_g", reference.map { comparison in
                .object([
                    ("mean", number(comparison.error.mean / 1000)), ("sd", number(comparison.error.standardDeviation / 1000)),
                    ("max_abs", number(Double(comparison.maxAbsoluteError) / 1000)),
                    ("without_reference", .int(Int64(comparison.withoutReference))),
                ])
            } ?? .null),
        ]
        return .object([
            ("threshold_g", .grams(stage.threshold)), ("fired", .int(Int64(stage.fired))),
            ("force_g", summary(stage.force, scale: 1000)), ("overshoot_g", summary(stage.overshoot, scale: 1000)),
            ("touch_to_stage_us", summary(stage.touchToStage, scale: 1)),
            ("stage_to_line_us", .object([
                ("p50", optional(stage.latencyP50Micros)), ("p99", optional(stage.latencyP99Micros)),
                ("max", optional(stage.latencyMaxMicros)), ("count", .int(Int64(stage.latenciesMicros.count))),
            ])),
            ("chatter", .int(Int64(stage.chatter))), ("presses_with_chatter", .int(Int64(stage.pressesWithChatter))),
            ("forces_g", .array(stage.forcesMilligrams.map { .decimal($0, places: 3) })),
            ("stage_to_line_samples_us", .array(stage.latenciesMicros.map { .int($0) })),
        ] + crossingFields(stage) + [("felt", FeltReportText.json(stage))] + referenceFields + (detection.map { detection in
            [("detection", JSONValue.object([
                ("truth", .string(detection.basis.rawValue)), ("miss_level_g", .grams(detection.missLevel)),
                ("judged", .int(Int64(detection.judged))), ("misses", .array(detection.misses.map { .int(Int64($0)) })),
            ]))]
        } ?? []))
    }

    /// `crossing_to_line_us` (p50, p99, max, count), `crossing_uncertainty_us`, the parts
    /// `filter_delay_us` and `dwell_us` (mean, sd, min, max) and the per-firing samples; null
    /// (and no samples) when no firing has a crossing.
    static func crossingFields(_ stage: StageStatistics) -> [(String, JSONValue)] {
        let crossings = stage.crossings
        guard !crossings.isEmpty else {
            return [
                ("crossing_to_line_us", .null), ("crossing_uncertainty_us", .null), ("filter_delay_us", .null),
                ("dwell_us", .null), ("crossing_to_line_samples_us", .array([])),
            ]
        }
        func optional(_ value: Int64?) -> JSONValue { value.map { .int($0) } ?? .null }
        return [
            ("crossing_to_line_us", .object([
                ("p50", optional(stage.crossingToLineP50Micros)), ("p99", optional(stage.crossingToLineP99Micros)),
                ("max", optional(stage.crossingToLineMaxMicros)), ("count", .int(Int64(crossings.count))),
            ])),
            ("crossing_uncertainty_us", optional(stage.crossingUncertaintyMicros)),
            ("filter_delay_us", summary(SampleSummary(crossings.map(\.filterDelayMicros)), scale: 1)),
            ("dwell_us", summary(SampleSummary(crossings.map(\.dwellMicros)), scale: 1)),
            ("crossing_to_line_samples_us", .array(crossings.map { .int($0.crossingToLineMicros) })),
        ]
    }

    /// A number with up to three decimals (µs, g, fractions).
    static func number(_ value: Double) -> JSONValue { .decimal(Int64((value * 1000).rounded()), places: 3) }

    static func grams(_ milligrams: Double) -> String { FixedDecimal.format(Int64(milligrams.rounded()), scale: 3) + "g" }
    static func grams(_ milligrams: Int64) -> String { FixedDecimal.format(milligrams, scale: 3) + "g" }
    /// `+2.300g`, `-0.500g`.
    static func signed(_ milligrams: Double) -> String { (milligrams >= 0 ? "+" : "") + grams(milligrams) }
    static func millis(_ micros: Double) -> String { FixedDecimal.format(Int64(micros.rounded()), scale: 3) + "ms" }
    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return FixedDecimal.format(Int64((value * scale).rounded()), scale: places)
    }
}
