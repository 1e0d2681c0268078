import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// The `status` answer: board, rate, thresholds, live force, press state and counters.
struct StatusReport {
    let board: BoardDescription
    let settings: ControllerSettings
    let snapshot: LoopSnapshot
    let configSource: String
    let stateDirectory: String

    var reply: CommandReply { CommandReply(lines: lines, fields: fields) }

    private var cells: [Force] {
        (0..<snapshot.force.cellCount).map { Force(milligrams: snapshot.force.cellMilligrams[$0]) }
    }

    private var normalised: Double { snapshot.force.total.gramsValue / settings.forceScale.averageTouch.gramsValue }

    private var adcSummary: String {
        board.adcs.map { adc in
            adc.model == .sim ? "simulated \(adc.model.resolutionBits)-bit" : "\(adc.model.rawValue) at 0x\(String(adc.address, radix: 16))"
        }.joined(separator: ", ")
    }

    private var ceilingText: String {
        board.sampleRateCeilingHz.isFinite ? "\(Int(board.sampleRateCeilingHz)) Hz" : "none"
    }

    private var pressState: String {
        snapshot.hasFrame ? (snapshot.touching ? "touching" : "idle") : "no frame yet"
    }

    private var lines: [String] {
        let thresholds = snapshot.press.thresholds
        let hysteresis = snapshot.press.hysteresis
        let counters = snapshot.counters
        let total = snapshot.force.total
        let saturation = snapshot.force.isSaturated ? " (saturated: at least this much)" : ""
        return [
            "board       \(board.name): \(board.summary)",
            "            \(board.geometry.summary), \(adcSummary), haptic \(board.haptic.lineName)\(board.isSimulated ? " (simulated)" : "")",
            "rate        \(board.sampleRateHz) Hz (ceiling \(ceilingText)); lateness last \(counters.lastLatenessMicros)us, max \(counters.maxLatenessMicros)us",
            "thresholds  touch \(thresholds.touch)  peek \(thresholds.peek)  pop \(thresholds.pop)  (\(settings.preset.map { "preset \($0.rawValue)" } ?? "custom"))",
            "hysteresis  touch \(hysteresis.touch)  peek \(hysteresis.peek)  pop \(hysteresis.pop)  dwell \(FixedDecimal.format(hysteresis.dwellMicros, scale: 3))ms",
            "force       \(total) total\(saturation), normalised \(format(normalised, places: 2)) of max \(format(settings.forceScale.maximumNormalised, places: 2))",
            "cells       " + cells.map(\.description).joined(separator: "  "),
            "press       \(pressState)",
            "counters    \(counters.ticks) periods, \(counters.missedPeriods) missed, \(counters.staleFrames) stale, \(counters.readErrors) read errors, \(counters.droppedEvents) dropped events",
            "config      \(configSource); state in \(stateDirectory)",
        ]
    }

    private var fields: [(String, JSONValue)] {
        let thresholds = snapshot.press.thresholds
        let hysteresis = snapshot.press.hysteresis
        let counters = snapshot.counters
        return [
            ("board", .object([
                ("name", .string(board.name)),
                ("summary", .string(board.summary)),
                ("geometry", .string(board.geometry.summary)),
                ("cells", .int(Int64(board.geometry.cellCount))),
                ("simulated", .bool(board.isSimulated)),
                ("haptic_line", .string(board.haptic.lineName)),
            ])),
            ("rate_hz", .int(Int64(board.sampleRateHz))),
            ("thresholds", .object([
                ("touch_g", .grams(thresholds.touch)), ("peek_g", .grams(thresholds.peek)), ("pop_g", .grams(thresholds.pop)),
                ("preset", settings.preset.map { .string($0.rawValue) } ?? .null),
            ])),
            ("hysteresis", .object([
                ("touch_g", .grams(hysteresis.touch)), ("peek_g", .grams(hysteresis.peek)), ("pop_g", .grams(hysteresis.pop)),
                ("dwell_us", .int(hysteresis.dwellMicros)),
            ])),
            ("force", .object([
                ("total_g", .grams(snapshot.force.total)),
                ("cells_g", .array(cells.map { .grams($0) })),
                ("saturated", .bool(snapshot.force.isSaturated)),
                ("normalised", .decimal(Int64((normalised * 1000).rounded()), places: 3)),
                ("maximum_normalised", .decimal(Int64((settings.forceScale.maximumNormalised * 1000).rounded()), places: 3)),
                ("t_us", .int(snapshot.force.timeMicros)),
            ])),
            ("press", .object([("state", .string(pressState))])),
            ("counters", .object([
                ("periods", .int(Int64(counters.ticks))),
                ("missed_periods", .int(Int64(counters.missedPeriods))),
                ("stale_frames", .int(Int64(counters.staleFrames))),
                ("read_errors", .int(Int64(counters.readErrors))),
                ("dropped_events", .int(Int64(counters.droppedEvents))),
                ("lateness_last_us", .int(counters.lastLatenessMicros)),
                ("lateness_max_us", .int(counters.maxLatenessMicros)),
            ])),
        ]
    }

    private func format(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return FixedDecimal.format(Int64((value * scale).rounded()), scale: places)
    }
}
