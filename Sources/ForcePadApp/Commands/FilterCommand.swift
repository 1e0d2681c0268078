import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var filter: Self {
        ShellCommand(
            name: "filter", usage: ["filter", "filter none", "filter one-pole|biquad CUTOFF", "filter spike on|off"],
            summary: "show or set the low-pass filter and spike rejection",
            details: [
                "CUTOFF takes a unit (30Hz, 0.5kHz) and must be below half the sample rate.",
                "The delay shown is the filter's group delay at DC plus one frame for spike rejection.",
            ],
            examples: ["filter", "filter one-pole 30Hz", "filter biquad 40Hz", "filter spike off"],
            completer: { words, _ in words.isEmpty ? FilterKind.allCases.map(\.rawValue) + ["spike"] : words == ["spike"] ? ["on", "off"] : [] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            if !arguments.isAtEnd {
                var filter = controller.settings.filter
                let kind = try arguments.choice("filter", from: FilterKind.allCases.map(\.rawValue) + ["spike"])
                if kind == "spike" {
                    filter.spikeRejection = try arguments.choice("spike setting", from: ["on", "off"]) == "on"
                } else {
                    filter.kind = FilterKind(rawValue: kind)!
                    if filter.kind != .none {
                        let text = try arguments.word("cut-off frequency")
                        let cutoff: Int64
                        switch QuantityParser.frequencyMilliHertz(text) {
                        case .success(let value): cutoff = value
                        case .failure(let error): throw CommandFailure("cut-off: \(error.message)")
                        }
                        let nyquist = Int64(controller.board.sampleRateHz) * 500
                        guard cutoff >= 100, cutoff < nyquist else {
                            throw CommandFailure("cut-off \(QuantityText.frequency(cutoff)) must be from 0.1Hz to below half the sample rate (\(QuantityText.frequency(nyquist)))")
                        }
                        filter.cutoffMilliHertz = cutoff
                    }
                }
                try arguments.end()
                try controller.apply(filter: filter)
            }
            let summary = FilterSummary(settings: controller.settings.filter, sampleRateHz: controller.board.sampleRateHz)
            return CommandReply(lines: [summary.text], fields: summary.fields)
        }
    }
}
