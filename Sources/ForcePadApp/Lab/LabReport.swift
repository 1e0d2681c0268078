import ForcePadCore
import ForcePadLabFiles

/// `reports/NAME.json`: a report that describes itself: what was measured (recording,
/// board, calibration checksum, how far the trial got and how it ended), with which settings
/// (thresholds, hysteresis, filter, haptics) and which limits (stored with the trial, and
/// where they came from), what came out (statistics, limit checks, verdict and why it is
/// incomplete), whether the replay reproduced the recording, every press (``PressTable``), the
/// force series (``ReportForceSeries``), and the plot beside it. Forces in grams, times in µs.
struct LabReport {
    let analysis: TrialAnalysis

    /// Everything that follows from the recording alone: the same recording always gives the
    /// same content, whenever and wherever the report is made.
    var content: [(String, JSONValue)] {
        let info = analysis.recording.info
        return [
            ("name", .string(info.name)), ("recording", recording), ("board", board),
            ("calibration_crc32", .string(info.calibrationChecksum)), ("recorded_by", .string(info.forcepadVersion)),
            ("thresholds", thresholds), ("hysteresis", hysteresis), ("filter", filter), ("haptics", haptics),
            ("replay", replay),
            ("statistics", .object(TrialReportText(analysis: analysis).fields.filter { !Self.outsideStatistics.contains($0.0) })),
            ("limits", limitsJSON), ("limits_source", .string(analysis.limitsSource)), ("checks", checks),
            ("incomplete_because", .array(analysis.incompleteBecause.map { .string($0) })),
        ] + PressExclusionText(analysis: analysis).fields + [
            ("verdict", analysis.verdict.map { .string($0) } ?? .null),
            ("presses", PressTable(analysis: analysis).json),
            ("force_series", ReportForceSeries(series: analysis.replay.series).json),
        ]
    }

    /// Fields of the shell's trial report that the report keeps at its top level instead.
    private static let outsideStatistics: Set<String> = [
        "checks", "verdict", "name", "incomplete_because", "parts", "judged_presses", "judged_presses_min", "excluded_presses", "disturbances",
    ]

    /// The report file's object: the content with its format, its revision, when and by
    /// which version it was written, the one it follows, and the content's digest.
    func document(revision: Int, generated: String, plot: String, previous: (file: String, summary: ReportSummary)?) -> JSONValue {
        let contentDigest = SHA256.hex(Array(JSONValue.object(content).rendered().utf8))
        var head: [(String, JSONValue)] = [
            ("format", .string("forcepad-report")), ("format_version", .int(2)), ("revision", .int(Int64(revision))),
            ("forcepad_version", .string(ForcePadVersion.current)), ("generated", .string(generated)),
        ]
        if let previous {
            head.append(("previous", .object([
                ("file", .string(previous.file)), ("generated", .string(previous.summary.generated)),
                ("verdict", previous.summary.verdict.map { .string($0) } ?? .null),
                ("content_sha256", .string(previous.summary.contentSHA256)),
            ])))
        }
        return .object(head + content + [("plot", .string(plot)), ("content_sha256", .string(contentDigest))])
    }

    /// The digest ``document(revision:generated:plot:previous:)`` records for the content.
    var contentDigest: String { SHA256.hex(Array(JSONValue.object(content).rendered().utf8)) }

    private var recording: JSONValue {
        let info = analysis.recording.info
        let stopped: JSONValue = info.stopped.map { .string($0) } ?? .null
        return .object([
            ("name", .string(info.name)), ("kind", .string(info.kind)), ("started", .string(info.started)),
            ("stopped", stopped), ("stopped_by", info.stoppedBy.map { .string($0) } ?? .null),
            ("presses_requested", info.trialPresses.map { .int(Int64($0)) } ?? .null),
            ("presses_completed", info.pressesCompleted.map { .int(Int64($0)) } ?? .null),
            ("frames", .int(Int64(info.frames))), ("dropped_frames", .int(Int64(info.droppedFrames))),
            ("missed_periods", info.missedPeriods.map { .int(Int64($0)) } ?? .null),
            ("settings_changed", .bool(info.settingsChanged)), ("duration_us", .int(info.durationMicros)),
        ] + TrialPartsText(analysis: analysis).fields)
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
            ("dwell_us", .int(bands.dwellMicros)), ("touch_dwell_us", .int(bands.touchDwellMicros)),
        ])
    }

    private var filter: JSONValue {
        let filter = analysis.recording.info.filter
        var fields: [(String, JSONValue)] = [
            ("kind", .string(filter.kind)), ("cutoff_hz", TrialReportText.number(filter.cutoffHertz)),
            ("spike_rejection", .bool(filter.spikeRejection)),
        ]
        if let beta = filter.betaHertzPerGramPerSecond { fields.append(("beta_hz_per_g_per_s", TrialReportText.number(beta))) }
        if let speed = filter.speedCutoffHertz { fields.append(("speed_cutoff_hz", TrialReportText.number(speed))) }
        return .object(fields)
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
        let limits = analysis.limits
        func stage(_ stage: StageLimits) -> JSONValue {
            .object([
                ("tolerance_g", stage.tolerance.map { .grams($0) } ?? .null),
                ("tolerance_basis", .string(stage.toleranceBasis.rawValue)),
                ("stage_to_line_p99_us", stage.stageToLineP99Micros.map { .int($0) } ?? .null),
                ("stage_to_line_max_us", stage.stageToLineMaxMicros.map { .int($0) } ?? .null),
                ("crossing_to_line_p99_us", stage.crossingToLineP99Micros.map { .int($0) } ?? .null),
                ("crossing_to_line_max_us", stage.crossingToLineMaxMicros.map { .int($0) } ?? .null),
                ("felt_latency_max_us", stage.feltLatencyMaxMicros.map { .int($0) } ?? .null),
                ("peak_g_min", stage.peakMinMilliG.map { .decimal(Int64($0), places: 3) } ?? .null),
            ])
        }
        return .object([
            ("peek", stage(limits.peek)), ("pop", stage(limits.pop)),
            ("cancel_rate", limits.cancelRatePermille.map { .decimal(Int64($0), places: 3) } ?? .null),
            ("chatter", limits.maxChatter.map { .int(Int64($0)) } ?? .null),
        ])
    }

    private var haptics: JSONValue {
        guard let haptics = analysis.recording.info.haptics else { return .null }
        return .object([
            ("mode", .string(haptics.mode)), ("line", .string(haptics.line)),
            ("patterns", .object(haptics.patterns.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("max_on_us", .int(haptics.maxOnMicros)), ("min_off_us", .int(haptics.minOffMicros)),
            ("max_duty", .decimal(Int64(haptics.maxDutyPermille), places: 3)), ("duty_window_us", .int(haptics.dutyWindowMicros)),
            ("trigger_width_us", .int(haptics.triggerWidthMicros)), ("driver", haptics.driver.map { .string($0) } ?? .null),
        ])
    }

    private var checks: JSONValue {
        .array(analysis.checks.map {
            .object([("limit", .string($0.name)), ("measured", .string($0.measured)), ("passed", .bool($0.passed))])
        })
    }
}
