import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// The `status` answer: board, rate, thresholds, live force, press state and counters.
struct StatusReport {
    let board: BoardDescription
    let settings: ControllerSettings
    let snapshot: LoopSnapshot
    /// The loop's latency histograms, taken just before the snapshot.
    let latencies: LoopLatencies
    /// The haptic output with the same snapshot.
    let haptic: HapticReport
    let configSource: String
    let stateDirectory: String
    let calibrationSource: String
    /// The saved calibration file beside the one in use.
    let savedCalibration: SavedCalibrationStatus
    /// How the loop thread is scheduled, e.g. `SCHED_FIFO 80, memory locked`.
    let scheduling: String
    /// The reference sensor's reading beside the frame (`reference_g`); nil when none was measured.
    var reference: Force? = nil
    /// The reference sensor's reader, for its counters; nil without a reference sensor.
    var referenceReader: ReferenceReader? = nil
    /// The fleet station (`[mqtt]`); nil when the station publishes nothing.
    var fleet: FleetStation? = nil

    var reply: CommandReply { CommandReply(lines: lines, fields: fields) }

    private var forceReport: ForceReport {
        ForceReport(board: board, scale: settings.forceScale, snapshot: snapshot, reference: reference)
    }

    private var filterSummary: FilterSummary {
        FilterSummary(settings: settings.filter, sampleRateHz: board.sampleRateHz)
    }

    private var zeroText: String {
        let cells = 0..<snapshot.force.cellCount
        let drift = cells.map { abs(Int(snapshot.cellCounts.drifts[$0])) }.max() ?? 0
        let tare: String
        switch snapshot.tare {
        case .none: tare = "not tared since start"
        case .measuring(let left): tare = "tare measuring (\(CountText.of(left, "frame")) left)"
        case .done: tare = "tared"
        case .refusedTouched, .refusedUnsteady: tare = "last tare refused"
        }
        return snapshot.hasTare ? "\(tare); drift since tare max \(drift) counts" : tare
    }

    private var adcSummary: String {
        board.adcs.map { adc in
            adc.model == .sim ? "simulated \(adc.model.resolutionBits)-bit" : "\(adc.model.rawValue) at 0x\(String(adc.address, radix: 16))"
        }.joined(separator: ", ")
    }

    private var ceilingText: String {
        board.sampleRateCeilingHz.isFinite ? "\(Int(board.sampleRateCeilingHz)) Hz" : "none"
    }

    private var sensorText: String {
        let losses = snapshot.counters.sensorLosses
        let history = losses == 0 ? "never lost" : "lost \(CountText.of(losses, "time")) since start"
        return (snapshot.sensorLost ? "LOST: not answering, retried every \(QuantityText.duration(settings.faults.reprobeMicros))" : "answering") + "; " + history
    }

    private var pressState: String {
        guard snapshot.hasFrame else { return "no frame yet" }
        let state = snapshot.pressState
        switch state {
        case .touching, .peek:
            return "\(state.rawValue), progress \(JSONValue.fractionQ16(snapshot.progressQ16).rendered()) toward \(state == .touching ? "peek" : "pop")"
        default:
            return state.rawValue
        }
    }

    private var latenessText: HistogramText { HistogramText(histogram: latencies.lateness) }

    private var lines: [String] {
        let thresholds = snapshot.recognizer.thresholds
        let hysteresis = snapshot.recognizer.hysteresis
        let counters = snapshot.counters
        let feedbackText = haptic.feedback.map { ", feedback \($0.line.summary)" } ?? ""
        let presetText = settings.preset.map { "preset \($0.rawValue)" } ?? "custom"
        // Built in parts: one expression of every part is more than the 6.2 compiler
        // type-checks in reasonable time.
        var lines: [String] = [
            "board       \(board.name): \(board.summary)",
            "            \(board.geometry.summary), \(adcSummary), haptic \(haptic.lineText)\(feedbackText)",
            "rate        \(board.sampleRateHz) Hz (ceiling \(ceilingText))",
            "lateness    wake-up after deadline: p50 \(latenessText.percentile(500)), p99 \(latenessText.percentile(990)), p99.9 \(latenessText.percentile(999)), max \(latenessText.maximum), last \(counters.lastLatenessMicros)us",
        ]
        lines += latenessText.bucketLines
        lines += [
            "loop        \(scheduling)",
            "sensor      \(sensorText)",
        ]
        lines += referenceLines
        lines += [
            "thresholds  touch \(thresholds.touch)  peek \(thresholds.peek)  pop \(thresholds.pop)  (\(presetText))",
            "hysteresis  touch \(hysteresis.touch)  peek \(hysteresis.peek)  pop \(hysteresis.pop)  dwell \(FixedDecimal.format(hysteresis.dwellMicros, scale: 3))ms  touch dwell \(FixedDecimal.format(hysteresis.touchDwellMicros, scale: 3))ms",
        ]
        lines += forceReport.summaryLines
        lines += [
            "press       \(pressState)",
            "haptics     \(haptic.summary)",
            "filter      \(filterSummary.text)",
            "zero        \(zeroText)",
            "calibration \(calibrationSource)\(savedCalibration.statusSuffix)",
            "counters    \(CountText.of(counters.ticks, "period")), \(counters.missedPeriods) missed, \(counters.staleFrames) stale, \(CountText.of(counters.readErrors, "read error")), \(CountText.of(counters.droppedEvents, "dropped event"))",
            "config      \(configSource); state in \(stateDirectory)",
        ]
        if let fleet { lines.append(FleetReport(fleet: fleet).line) }
        return lines
    }

    /// The reference sensor itself, apart from its reading (the `reference` line of the force
    /// summary): `ref sensor  sim reference, a reading every 12500us: 812 read, 0 dropped, 0 gaps
    /// over two periods (longest 13000us)`.
    private var referenceLines: [String] {
        guard let reader = referenceReader else { return [] }
        let read = reader.samplesRead.load(ordering: .relaxed), dropped = reader.droppedSamples.load(ordering: .relaxed)
        let gaps = reader.gaps.load(ordering: .relaxed), longest = reader.longestGapMicros.load(ordering: .relaxed)
        return [
            "ref sensor  \(reader.name), a reading every \(reader.samplePeriodMicros)us: \(read) read, \(dropped) dropped, "
                + "\(CountText.of(gaps, "gap")) over two periods (longest \(longest)us); "
                + (reader.fifoPriority.map { "SCHED_FIFO \($0)" } ?? "normal scheduling")
        ]
    }

    private var referenceFields: JSONValue {
        guard let reader = referenceReader else { return .null }
        return .object([
            ("name", .string(reader.name)), ("period_us", .int(reader.samplePeriodMicros)),
            ("read", .int(Int64(reader.samplesRead.load(ordering: .relaxed)))),
            ("dropped", .int(Int64(reader.droppedSamples.load(ordering: .relaxed)))),
            ("gaps", .int(Int64(reader.gaps.load(ordering: .relaxed)))),
            ("longest_gap_us", .int(reader.longestGapMicros.load(ordering: .relaxed))),
            ("fifo_priority", reader.fifoPriority.map { .int(Int64($0)) } ?? .null),
        ])
    }

    private var fields: [(String, JSONValue)] {
        let thresholds = snapshot.recognizer.thresholds
        let hysteresis = snapshot.recognizer.hysteresis
        let counters = snapshot.counters
        return [
            ("board", .object([
                ("name", .string(board.name)),
                ("summary", .string(board.summary)),
                ("geometry", .string(board.geometry.summary)),
                ("cells", .int(Int64(board.geometry.cellCount))),
                ("simulated", .bool(board.isSimulated)),
                ("haptic_line", .string(haptic.line?.summary ?? board.haptic.line.summary)),
            ])),
            ("rate_hz", .int(Int64(board.sampleRateHz))),
            ("thresholds", .object([
                ("touch_g", .grams(thresholds.touch)), ("peek_g", .grams(thresholds.peek)), ("pop_g", .grams(thresholds.pop)),
                ("preset", settings.preset.map { .string($0.rawValue) } ?? .null),
            ])),
            ("hysteresis", .object([
                ("touch_g", .grams(hysteresis.touch)), ("peek_g", .grams(hysteresis.peek)), ("pop_g", .grams(hysteresis.pop)),
                ("dwell_us", .int(hysteresis.dwellMicros)), ("touch_dwell_us", .int(hysteresis.touchDwellMicros)),
            ])),
            ("force", .object(forceReport.fields)),
            ("reference", referenceFields),
            ("filter", .object(filterSummary.fields)),
            ("zero", .object([
                ("tared", .bool(snapshot.hasTare)),
                ("drift_counts", .array((0..<snapshot.force.cellCount).map { .int(Int64(snapshot.cellCounts.drifts[$0])) })),
            ])),
            ("calibration", .object([("source", .string(calibrationSource)), ("saved", savedCalibration.json)])),
            ("press", .object([
                ("state", .string(snapshot.pressState.rawValue)), ("progress", .fractionQ16(snapshot.progressQ16)),
            ])),
            ("haptics", .object(haptic.fields)),
            ("counters", .object([
                ("periods", .int(Int64(counters.ticks))),
                ("missed_periods", .int(Int64(counters.missedPeriods))),
                ("stale_frames", .int(Int64(counters.staleFrames))),
                ("read_errors", .int(Int64(counters.readErrors))),
                ("dropped_events", .int(Int64(counters.droppedEvents))),
                ("lateness_last_us", .int(counters.lastLatenessMicros)),
                ("lateness_max_us", .int(counters.maxLatenessMicros)),
            ])),
            ("lateness", .object(latenessText.fields)),
            ("scheduling", .string(scheduling)),
            ("sensor", .object([
                ("lost", .bool(snapshot.sensorLost)), ("losses", .int(Int64(snapshot.counters.sensorLosses))),
            ])),
            ("mqtt", fleet.map { FleetReport(fleet: $0).fields } ?? .null),
        ]
    }

}
