import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var filter: Self {
        ShellCommand(
            name: "filter",
            usage: ["filter", "filter none", "filter one-pole|biquad CUTOFF", "filter one-euro CUTOFF [beta B] [speed CUTOFF]", "filter spike on|off"],
            summary: "show or set the low-pass filter and spike rejection",
            details: [
                "CUTOFF takes a unit (30Hz, 0.5kHz), from 0.1Hz to 0.45 × the board's sample rate.",
                "one-euro: CUTOFF is the cut-off at rest; it rises by B Hz per g/s of force speed (0 to 10, default 0.2),",
                "the speed smoothed at its own cut-off (default 5Hz); it lags little while the force moves (docs/performance.md).",
                "The delay shown is the filter's group delay at DC (at rest) plus one frame for spike rejection.",
            ],
            examples: ["filter", "filter one-euro 10Hz beta 0.2", "filter one-pole 30Hz", "filter biquad 40Hz", "filter spike off"],
            completer: { words, _ in words.isEmpty ? FilterKind.allCases.map(\.rawValue) + ["spike"] : words == ["spike"] ? ["on", "off"] : [] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            if !arguments.isAtEnd {
                var changed = controller.settings
                var written: Set<String> = []
                let kind = try arguments.choice("filter", from: FilterKind.allCases.map(\.rawValue) + ["spike"])
                if kind == "spike" {
                    changed.filter.spikeRejection = try arguments.choice("spike setting", from: ["on", "off"]) == "on"
                    written.insert("filter.spike_rejection")
                } else {
                    changed.filter.kind = FilterKind(rawValue: kind)!
                    written.insert("filter.kind")
                    if changed.filter.kind != .none {
                        changed.filter.cutoffMilliHertz = try arguments.frequencyMilliHertz("filter.cutoff")
                        written.insert("filter.cutoff")
                    }
                    while changed.filter.kind == .oneEuro && !arguments.isAtEnd {
                        if try arguments.choice("one-euro setting", from: ["beta", "speed"]) == "beta" {
                            changed.filter.betaMilliHertzPerGramPerSecond = try arguments.thousandths("filter.beta")
                            written.insert("filter.beta")
                        } else {
                            changed.filter.speedCutoffMilliHertz = try arguments.frequencyMilliHertz("filter.speed_cutoff")
                            written.insert("filter.speed_cutoff")
                        }
                    }
                }
                try arguments.end()
                try controller.apply(changed, written: written)
            }
            let summary = FilterSummary(settings: controller.settings.filter, sampleRateHz: controller.board.sampleRateHz)
            return CommandReply(lines: [summary.text], fields: summary.fields)
        }
    }
}
