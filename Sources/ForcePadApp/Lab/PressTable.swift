import ForcePadCore

/// A trial's presses one by one: number, start and end, whether it was left out of the verdict
/// (``PressScreening``: why is in the report's exclusions), where on the pad and how hard the peak
/// was (the pad's, and the reference's when there is one), and per stage whether it fired, the
/// pad's and the reference's force at firing, `stage_to_line_us`, `crossing_to_line_us` with its
/// parts (``CrossingLatency``), what the accelerometer felt (``StageFelt``: onset and felt
/// latency, peak), and the outcome against the truth (``StageDetection/Outcome``); in a stand
/// trial, the press's force–travel figures (``travelFields(_:record:)``).
/// One set of fields, given as the report's `presses` array, as `trial report`'s rows and as
/// `record export`'s NAME.presses.csv; a figure not measured is null (an empty CSV cell, `-`
/// in the text), never a number. Times in µs on the loop clock, forces in grams.
struct PressTable {
    let analysis: TrialAnalysis

    /// Each press's fields, in press order.
    var rows: [[(String, JSONValue)]] {
        analysis.records.indices.map { row($0) }
    }

    private func row(_ index: Int) -> [(String, JSONValue)] {
        let record = analysis.records[index]
        let ending: String = switch record.ending {
        case .released: "released"
        case .cancelled: "cancelled"
        case .unfinished: "unfinished"
        }
        let place = record.peakPlace
        let referencePeak = analysis.truePeaks.basis == .reference && index < analysis.truePeaks.forces.count
            ? analysis.truePeaks.forces[index] : nil
        var fields: [(String, JSONValue)] = [
            ("press", .int(Int64(index + 1))), ("began_us", .int(record.beganMicros)),
            ("ended_us", record.endedMicros.map { .int($0) } ?? .null), ("ending", .string(ending)),
            ("excluded", .bool(analysis.screening.isExcluded(index: index))),
            ("peak_us", record.peakMicros.map { .int($0) } ?? .null),
            ("peak_cell", place.map { .int(Int64($0.cell)) } ?? .null),
            ("peak_x", place.map { .fractionQ16($0.centroid.x) } ?? .null),
            ("peak_y", place.map { .fractionQ16($0.centroid.y) } ?? .null),
            ("pad_peak_g", .grams(record.peakForce)),
            ("reference_peak_g", referencePeak.map { .grams($0) } ?? .null),
        ]
        for stage in [PressStage.peek, .pop] {
            let outcome = analysis.detections.first { $0.stage == stage }.flatMap { index < $0.outcomes.count ? $0.outcomes[index] : nil }
            fields.append((stage.rawValue, .object(Self.stageFields(record.firing(stage), outcome: outcome))))
        }
        if !analysis.curves.isEmpty {
            fields.append(("travel", .object(Self.travelFields(index < analysis.curves.count ? analysis.curves[index] : nil, record: record))))
        }
        return fields
    }

    private static func stageFields(_ firing: StageFiring?, outcome: StageDetection.Outcome?) -> [(String, JSONValue)] {
        func micros(_ value: Int64?) -> JSONValue { value.map { .int($0) } ?? .null }
        let crossing = firing?.crossing
        return [
            ("fired", .bool(firing != nil)), ("t_us", micros(firing?.timeMicros)),
            ("force_g", firing.map { .grams($0.force) } ?? .null),
            ("reference_g", firing?.referenceForce.map { .grams($0) } ?? .null),
            ("stage_to_line_us", micros(firing?.latencyMicros)),
            ("crossing_to_line_us", micros(crossing?.crossingToLineMicros)),
            ("filter_delay_us", micros(crossing?.filterDelayMicros)), ("dwell_us", micros(crossing?.dwellMicros)),
            ("crossing_uncertainty_us", micros(crossing?.uncertaintyMicros)),
            ("onset_latency_us", micros(firing?.felt?.onsetLatencyMicros)), ("felt_latency_us", micros(firing?.felt?.feltLatencyMicros)),
            ("peak_g", firing?.felt.map { .decimal(Int64($0.peakMilliG), places: 3) } ?? .null),
            ("outcome", .string((outcome ?? .notJudged).rawValue)),
        ]
    }

    /// The report's `presses` array.
    var json: JSONValue { .array(rows.map { .object($0) }) }

    /// NAME.presses.csv: a header of the fields (a stage's prefixed, `peek_force_g`) and a line
    /// per press; null is an empty cell, true and false are 1 and 0.
    var csv: String {
        func flattened(_ fields: [(String, JSONValue)]) -> [(String, JSONValue)] {
            fields.flatMap { key, value -> [(String, JSONValue)] in
                if case .object(let inner) = value { return inner.map { ("\(key)_\($0.0)", $0.1) } }
                return [(key, value)]
            }
        }
        func cell(_ value: JSONValue) -> String {
            switch value {
            case .null: ""
            case .bool(let flag): flag ? "1" : "0"
            case .string(let text): text
            default: value.rendered()
            }
        }
        let table = rows.map(flattened)
        let header = (table.first ?? flattened(Self.emptyRow)).map(\.0).joined(separator: ",")
        return ([header] + table.map { $0.map { cell($0.1) }.joined(separator: ",") }).joined(separator: "\n") + "\n"
    }

    /// The field names of a row, for the header of a table with no press.
    private static let emptyRow: [(String, JSONValue)] = [
        "press", "began_us", "ended_us", "ending", "excluded", "peak_us", "peak_cell", "peak_x", "peak_y", "pad_peak_g", "reference_peak_g",
    ].map { ($0, JSONValue.null) } + [PressStage.peek, .pop].map { ($0.rawValue, .object(stageFields(nil, outcome: nil))) }

    /// `trial report`'s rows: a heading, then one line a press, e.g.
    /// `   3    1.234–   1.734s  cell 2 x 0.50  peak 401.2g ref 400.1g | peek 151.3g ref 158.2g s→l 40us c→l 5210us (4170+1000+40) hit | pop …`.
    var lines: [String] {
        guard !analysis.records.isEmpty else { return [] }
        var lines = ["presses     # start–end (s), place and peak; per stage: pad force, reference force, stage→line, crossing→line (filter delay + dwell + stage→line), felt latency and peak (an accelerometer), outcome"]
        for (index, record) in analysis.records.enumerated() {
            let fields = Dictionary(row(index), uniquingKeysWith: { first, _ in first })
            var line = String(index + 1).leftPadded(to: 4) + "  " + Self.seconds(record.beganMicros) + "–"
                + (record.endedMicros.map(Self.seconds) ?? "open") + (analysis.screening.isExcluded(index: index) ? " excluded" : "")
            line += record.peakPlace.map { "  cell \($0.cell) x \(Self.fraction($0.centroid.x))" } ?? "  cell -"
            line += "  peak \(Self.grams(fields["pad_peak_g"]))"
            if analysis.truePeaks.basis == .reference { line += " ref \(Self.grams(fields["reference_peak_g"]))" }
            for stage in [PressStage.peek, .pop] {
                guard case .object(let inner)? = fields[stage.rawValue] else { continue }
                let stageFields = Dictionary(inner, uniquingKeysWith: { first, _ in first })
                let outcome = StageDetection.Outcome(rawValue: { if case .string(let text)? = stageFields["outcome"] { text } else { "" } }()) ?? .notJudged
                line += " | \(stage.rawValue) "
                guard let firing = record.firing(stage) else {
                    line += "- \(Self.outcomeText(outcome))"
                    continue
                }
                line += "\(firing.force)"
                if let reference = firing.referenceForce { line += " ref \(reference)" }
                line += " s→l " + (firing.latencyMicros.map { "\($0)us" } ?? "-")
                if let crossing = firing.crossing {
                    line += " c→l \(crossing.crossingToLineMicros)us (\(crossing.filterDelayMicros)+\(crossing.dwellMicros)+\(crossing.stageToLineMicros))"
                } else {
                    line += " c→l -"
                }
                if let felt = firing.felt { line += Self.feltText(felt) }
                line += " " + Self.outcomeText(outcome)
            }
            if case .object(let travel)? = fields["travel"] { line += Self.travelText(travel) }
            lines.append(line)
        }
        return lines
    }

    /// ` felt 11.2ms 0.912g` (the felt latency, with a reference), ` onset 0.4ms 0.912g`
    /// (without one), or ` not felt`.
    private static func feltText(_ felt: StageFelt) -> String {
        let peak = " " + FixedDecimal.format(Int64(felt.peakMilliG), scale: 3) + "g"
        if let latency = felt.feltLatencyMicros { return " felt " + FixedDecimal.format(latency / 100, scale: 1) + "ms" + peak }
        if let onset = felt.onsetLatencyMicros { return " onset " + FixedDecimal.format(onset / 100, scale: 1) + "ms" + peak }
        return " not felt"
    }

    private static func outcomeText(_ outcome: StageDetection.Outcome) -> String {
        switch outcome {
        case .hit: "hit"
        case .miss: "MISS"
        case .falseFire: "FALSE FIRE"
        case .near: "near (fired below threshold, within the margin)"
        case .notReached: "not reached"
        case .notJudged: "not judged"
        }
    }

    /// `1.234` (s, three decimals) from µs.
    private static func seconds(_ micros: Int64) -> String { FixedDecimal.format(micros / 1000, scale: 3) }

    private static func fraction(_ q16: Int32) -> String { FixedDecimal.format((Int64(q16) * 100 + 32_768) >> 16, scale: 2) }

    private static func grams(_ value: JSONValue?) -> String {
        guard let value, case .decimal = value else { return "-" }
        return value.rendered() + "g"
    }
}
