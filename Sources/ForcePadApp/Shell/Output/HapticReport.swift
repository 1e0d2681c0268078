import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// The haptic output as `haptic stats` and `status` show it: mode, line access, counters, the
/// stage-to-GPIO latency histogram, with a reference sensor the crossing-to-GPIO one, with an
/// accelerometer the clicks felt, and, with a `[feedback]` wire, the stage-to-measured-edge
/// histogram.
struct HapticReport {
    let board: BoardDescription
    let settings: HapticSettings
    let snapshot: LoopSnapshot
    /// The loop's latency histograms, taken with the snapshot.
    let latencies: LoopLatencies
    /// Where the haptic line was found; nil on a simulated board.
    let line: GPIOLineIdentity?
    /// The feedback input and what it measured; nil without `[feedback]`.
    let feedback: FeedbackReport?
    /// The board's DRV2605L; nil without `[haptic.driver]`.
    var driver: HapticDriverReport?
    /// The crossing→line latency of the stage pulses (``CrossingToLine``) and the reference's
    /// sample period, its uncertainty (µs); nil without a reference sensor.
    var crossing: (histogram: LatencyHistogram, uncertaintyMicros: Int64)?
    /// The clicks the accelerometer measured; nil without one.
    var felt: FeltTally?

    /// The feedback input as the report shows it.
    struct FeedbackReport {
        let line: GPIOLineIdentity
        let measurement: HapticEdgeMeasurement
        /// Why the watcher stopped, if it did.
        let failure: DeviceError?
        /// Edges not reported because the printer fell behind.
        let droppedEdges: UInt64
    }

    init(
        board: BoardDescription, settings: HapticSettings, snapshot: LoopSnapshot, latencies: LoopLatencies,
        line: GPIOLineIdentity?, feedback: FeedbackReport?
    ) {
        self.board = board
        self.settings = settings
        self.snapshot = snapshot
        self.latencies = latencies
        self.line = line
        self.feedback = feedback
    }

    /// The controller's haptic output with `snapshot` and `latencies` (taken by the caller,
    /// to agree with the rest of its answer), and what the loop's `services` measured of it.
    init(controller: Controller, services: ShellServices, snapshot: LoopSnapshot, latencies: LoopLatencies) {
        let watcher = services.edgeWatcher
        self.init(
            board: controller.board, settings: controller.settings.haptics, snapshot: snapshot, latencies: latencies,
            line: services.hapticLine,
            feedback: watcher.map {
                FeedbackReport(
                    line: $0.identity, measurement: $0.currentMeasurement, failure: $0.stoppedBecause,
                    droppedEdges: $0.droppedEdges.load(ordering: .relaxed))
            })
        if let reader = services.reference, let histogram = services.events.crossingToLine() {
            crossing = (histogram, reader.samplePeriodMicros)
        }
        felt = services.events.feltTally()
        driver = controller.hapticDriver.map {
            HapticDriverReport(
                description: $0.description, calibrationSaved: controller.driverCalibrationSaved, lastError: $0.lastError,
                lateSequences: services.hapticDriverStages?.lateSequences.load(ordering: .relaxed))
        }
    }

    /// The line as found (`pinctrl-bcm2711:18 (GPIO18)`), or as the board file names it on a
    /// simulated board.
    var lineText: String {
        line?.summary ?? board.haptic.line.summary + (board.isSimulated ? " (simulated)" : "")
    }

    /// The access as `haptic on|off|dry-run` names it.
    var accessName: String {
        switch snapshot.haptics.lineAccess {
        case .drive: "on"
        case .keepOff: "off"
        case .dryRun: "dry-run"
        }
    }

    var accessText: String {
        switch snapshot.haptics.lineAccess {
        case .drive: accessName
        case .keepOff: accessName + " (events only, line kept off)"
        case .dryRun: accessName + " (events only, line never touched)"
        }
    }

    var latency: LatencyHistogram { latencies.stageLatency }

    private var latencyText: HistogramText { HistogramText(histogram: latency) }

    /// The stage→line figures, or why there are none (a line that is not driven has no latency).
    private var stageToLineText: String {
        switch snapshot.haptics.lineAccess {
        case .drive where latency.count > 0:
            "\(CountText.of(latency.count, "sample")), p50 \(latencyText.percentile(500)), p99 \(latencyText.percentile(990)), max \(latencyText.maximum)"
        case .drive: "no stage pulse yet"
        case .keepOff: "not driven (haptic off)"
        case .dryRun: "not driven (dry-run)"
        }
    }

    /// The crossing→line figures (the latency a finger feels, from the true crossing of the
    /// threshold to the GPIO call), or why there are none; never a figure not measured.
    private var crossingToLineText: String {
        guard let crossing else { return "not measured: no reference sensor ([reference] in the board file)" }
        guard crossing.histogram.count > 0 else { return "no stage pulse with a reference crossing yet" }
        let text = HistogramText(histogram: crossing.histogram)
        return "\(CountText.of(crossing.histogram.count, "sample")), p50 \(text.percentile(500)), p99 \(text.percentile(990)), max \(text.maximum), ±\(crossing.uncertaintyMicros)us (the reference's sample period)"
    }

    var summary: String {
        let counters = snapshot.hapticCounters
        var text = "\(settings.mode.rawValue) on \(lineText), \(accessText); line \(snapshot.hapticLineActive ? "on" : "off"); \(CountText.of(counters.pulses, "pulse")); stage→line " + stageToLineText
        if let crossing, crossing.histogram.count > 0 {
            let figures = HistogramText(histogram: crossing.histogram)
            text += "; crossing→line p50 \(figures.percentile(500)) p99 \(figures.percentile(990)) max \(figures.maximum) ±\(crossing.uncertaintyMicros)us"
        }
        if let feedback {
            let edge = HistogramText(histogram: feedback.measurement.latency)
            text += "; stage→edge p50 \(edge.percentile(500)) p99 \(edge.percentile(990)) max \(edge.maximum)"
        }
        if let driver { text += "; driver " + driver.summary }
        return text
    }

    var detailLines: [String] {
        let counters = snapshot.hapticCounters
        var lines = [
            "haptics     \(settings.mode.rawValue) on \(lineText), \(accessText); line \(snapshot.hapticLineActive ? "on" : "off")",
            "limits      max on \(QuantityText.duration(settings.maxOnMicros)), min off \(QuantityText.duration(settings.minOffMicros)), duty \(FixedDecimal.format(Int64(settings.maxDutyPermille), scale: 3)) over \(QuantityText.duration(settings.dutyWindowMicros))",
            "pulses      \(counters.pulses) played, \(counters.cutByMaxOn) cut by max on, \(counters.delayedByMinOff) delayed by min off, \(CountText.of(counters.stagesDelayedOnePeriod, "stage")) one period late, \(counters.refusedByDuty) refused by duty, \(counters.replaced) replaced",
            "stage→line  frame a stage fired in → GPIO call that started its pulse returned: " + stageToLineText,
        ] + latencyText.bucketLines
        lines.append("crossing→line true force (reference) crossing a stage's threshold → GPIO call: " + crossingToLineText)
        if let crossing, crossing.histogram.count > 0 { lines += HistogramText(histogram: crossing.histogram).bucketLines }
        lines += FeltStatsText(tally: felt).lines
        if let feedback { lines += feedbackLines(feedback) }
        if let driver { lines.append("driver      " + driver.summary) }
        if settings.rtp != .off { lines.append("rtp         " + realTimeText) }
        lines.append("patterns    " + settings.patterns.keys.sorted().map { "\($0): \(settings.patternText($0)!)" }.joined(separator: "; "))
        return lines
    }

    /// `peek-to-pop: amplitude 0 of 255, 12 writes, 0 failed`.
    private var realTimeText: String {
        "\(settings.rtp.rawValue): amplitude \(snapshot.amplitude) of 255, \(snapshot.counters.amplitudeWrites) writes,"
            + " \(snapshot.counters.amplitudeWriteFailures) failed"
    }

    private func feedbackLines(_ feedback: FeedbackReport) -> [String] {
        let measurement = feedback.measurement
        let edge = HistogramText(histogram: measurement.latency)
        var state = "\(measurement.risingEdges) rising, \(measurement.fallingEdges) falling edges"
        if feedback.droppedEdges > 0 { state += ", \(feedback.droppedEdges) not reported (printer behind)" }
        if let failure = feedback.failure { state += "; stopped: \(failure.description)" }
        return [
            "feedback    \(feedback.line.summary): \(state)",
            "stage→edge  frame a stage fired in → edge measured on the feedback wire: \(CountText.of(measurement.latency.count, "sample")), p50 \(edge.percentile(500)), p99 \(edge.percentile(990)), max \(edge.maximum)",
        ] + edge.bucketLines
    }

    var fields: [(String, JSONValue)] {
        let counters = snapshot.hapticCounters
        var fields: [(String, JSONValue)] = [
            ("mode", .string(settings.mode.rawValue)),
            ("access", .string(accessName)),
            ("line_on", .bool(snapshot.hapticLineActive)),
            ("pulses", .int(Int64(counters.pulses))),
            ("cut_by_max_on", .int(Int64(counters.cutByMaxOn))),
            ("delayed_by_min_off", .int(Int64(counters.delayedByMinOff))),
            ("stages_delayed_one_period", .int(Int64(counters.stagesDelayedOnePeriod))),
            ("refused_by_duty", .int(Int64(counters.refusedByDuty))),
            ("replaced", .int(Int64(counters.replaced))),
            ("stage_to_line_us", snapshot.haptics.lineAccess == .drive ? .object(latencyText.fields) : .null),
            ("crossing_to_line_us", crossing.map { .object(HistogramText(histogram: $0.histogram).fields) } ?? .null),
            ("crossing_uncertainty_us", crossing.map { .int($0.uncertaintyMicros) } ?? .null),
            ("felt", FeltStatsText(tally: felt).json),
        ]
        if let line { fields.insert(("line", .string(line.summary)), at: 0) }
        if let feedback {
            let measurement = feedback.measurement
            fields.append(("feedback", .object([
                ("line", .string(feedback.line.summary)),
                ("rising_edges", .int(Int64(measurement.risingEdges))),
                ("falling_edges", .int(Int64(measurement.fallingEdges))),
                ("dropped_edges", .int(Int64(feedback.droppedEdges))),
                ("error", feedback.failure.map { .string($0.description) } ?? .null),
                ("stage_to_edge_us", .object(HistogramText(histogram: measurement.latency).fields)),
            ])))
        }
        if let driver { fields.append(("driver", .object(driver.fields))) }
        if settings.rtp != .off {
            fields.append(("rtp", .object([
                ("mapping", .string(settings.rtp.rawValue)), ("amplitude", .int(Int64(snapshot.amplitude))),
                ("writes", .int(Int64(snapshot.counters.amplitudeWrites))),
                ("write_failures", .int(Int64(snapshot.counters.amplitudeWriteFailures))),
            ])))
        }
        return fields
    }
}
