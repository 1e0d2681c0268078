import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// The haptic output as `haptic stats` and `status` show it: mode, line access, counters and
/// the stage-to-GPIO latency histogram.
struct HapticReport {
    let board: BoardDescription
    let settings: HapticSettings
    let snapshot: LoopSnapshot

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

    var latency: LatencyHistogram { snapshot.stageLatency }

    private var latencyText: HistogramText { HistogramText(histogram: latency) }

    var summary: String {
        let counters = snapshot.hapticCounters
        return "\(settings.mode.rawValue) on \(board.haptic.lineName)\(board.isSimulated ? " (simulated)" : ""), \(accessText); line \(snapshot.hapticLineActive ? "on" : "off"); \(counters.pulses) pulses; stage→line p50 \(latencyText.percentile(500)) p99 \(latencyText.percentile(990)) max \(latencyText.maximum)"
    }

    var detailLines: [String] {
        let counters = snapshot.hapticCounters
        var lines = [
            "haptics     \(settings.mode.rawValue) on \(board.haptic.lineName), \(accessText); line \(snapshot.hapticLineActive ? "on" : "off")",
            "limits      max on \(QuantityText.duration(settings.maxOnMicros)), min off \(QuantityText.duration(settings.minOffMicros)), duty \(FixedDecimal.format(Int64(settings.maxDutyPermille), scale: 3)) over \(QuantityText.duration(settings.dutyWindowMicros))",
            "pulses      \(counters.pulses) played, \(counters.cutByMaxOn) cut by max on, \(counters.delayedByMinOff) delayed by min off, \(counters.refusedByDuty) refused by duty, \(counters.replaced) replaced",
            "latency     stage frame → GPIO call returned: \(latency.count) samples, p50 \(latencyText.percentile(500)), p99 \(latencyText.percentile(990)), max \(latencyText.maximum)",
        ] + latencyText.bucketLines
        lines.append("patterns    " + settings.patterns.keys.sorted().map { "\($0): \(settings.patterns[$0]!)" }.joined(separator: "; "))
        return lines
    }

    var fields: [(String, JSONValue)] {
        let counters = snapshot.hapticCounters
        return [
            ("mode", .string(settings.mode.rawValue)),
            ("access", .string(accessName)),
            ("line_on", .bool(snapshot.hapticLineActive)),
            ("pulses", .int(Int64(counters.pulses))),
            ("cut_by_max_on", .int(Int64(counters.cutByMaxOn))),
            ("delayed_by_min_off", .int(Int64(counters.delayedByMinOff))),
            ("refused_by_duty", .int(Int64(counters.refusedByDuty))),
            ("replaced", .int(Int64(counters.replaced))),
            ("latency", .object(latencyText.fields)),
        ]
    }
}
