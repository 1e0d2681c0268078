import ForcePadCore
import ForcePadShell

/// `reports/NAME.json`: a report that describes itself: what was measured (recording,
/// board, calibration checksum), with which settings (thresholds, hysteresis, filter), what
/// came out (statistics, limit checks, verdict), whether the replay reproduced the
/// recording, and the plot beside it. Forces in grams, times in µs.
struct LabReport {
    let analysis: TrialAnalysis
    let limits: TrialLimits
    let generated: String

    var json: JSONValue {
        let info = analysis.recording.info
        let head: [(String, JSONValue)] = [
            ("format", .string("forcepad-report")), ("format_version", .int(1)),
            ("forcepad_version", .string(ForcePadVersion.current)), ("generated", .string(generated)),
            ("name", .string(info.name)),
        ]
        return .object(head + [
            ("recording", recording), ("board", board), ("calibration_crc32", .string(info.calibrationChecksum)),
            ("thresholds", thresholds), ("hysteresis", hysteresis), ("filter", filter), ("replay", replay),
            ("statistics", .object(TrialReportText(analysis: analysis).fields.filter { !["checks", "verdict", "name"].contains($0.0) })),
            ("limits", limitsJSON), ("checks", checks), ("verdict", analysis.verdict.map { .string($0) } ?? .null),
            ("plot", .string(info.name + ".svg")),
        ])
    }

    private var recording: JSONValue {
        let info = analysis.recording.info
        let stopped: JSONValue = info.stopped.map { .string($0) } ?? .null
        return .object([
            ("name", .string(info.name)), ("kind", .string(info.kind)), ("started", .string(info.started)),
            ("stopped", stopped), ("frames", .int(Int64(info.frames))),
            ("dropped_frames", .int(Int64(info.droppedFrames))), ("duration_us", .int(info.durationMicros)),
        ])
    }

    private var board: JSONValue {
        let info = analysis.recording.info
        return .object([
            ("name", .string(info.board)), ("sample_rate_hz", .int(Int64(info.sampleRateHertz))), ("cells", .int(Int64(info.cells))),
        ])
    }

    private var thresholds: JSONValue {
        let levels = analysis.thresholds
        return .object([("touch_g", .grams(levels.touch)), ("peek_g", .grams(levels.peek)), ("pop_g", .grams(levels.pop))])
    }

    private var hysteresis: JSONValue {
        let bands = analysis.hysteresis
        return .object([
            ("touch_g", .grams(bands.touch)), ("peek_g", .grams(bands.peek)), ("pop_g", .grams(bands.pop)),
            ("dwell_us", .int(bands.dwellMicros)),
        ])
    }

    private var filter: JSONValue {
        let filter = analysis.recording.info.filter
        return .object([
            ("kind", .string(filter.kind)), ("cutoff_hz", TrialReportText.number(filter.cutoffHertz)),
            ("spike_rejection", .bool(filter.spikeRejection)),
        ])
    }

    private var replay: JSONValue {
        let replay = analysis.replay
        let difference: JSONValue = replay.difference.map { .string($0) } ?? .null
        return .object([
            ("events_compared", .int(Int64(replay.compared))), ("identical", .bool(replay.difference == nil)),
            ("difference", difference),
        ])
    }

    private var limitsJSON: JSONValue {
        func optional(_ value: Int64?) -> JSONValue { value.map { .int($0) } ?? .null }
        func grams(_ force: Force?) -> JSONValue { force.map { .grams($0) } ?? .null }
        let rate: JSONValue = limits.cancelRatePermille.map { .decimal(Int64($0), places: 3) } ?? .null
        let chatter: JSONValue = limits.maxChatter.map { .int(Int64($0)) } ?? .null
        return .object([
            ("peek_tolerance_g", grams(limits.peekTolerance)), ("pop_tolerance_g", grams(limits.popTolerance)),
            ("latency_p99_us", optional(limits.latencyP99Micros)), ("latency_max_us", optional(limits.latencyMaxMicros)),
            ("cancel_rate", rate), ("chatter", chatter),
        ])
    }

    private var checks: JSONValue {
        .array(analysis.checks.map {
            .object([("limit", .string($0.name)), ("measured", .string($0.measured)), ("passed", .bool($0.passed))])
        })
    }
}
