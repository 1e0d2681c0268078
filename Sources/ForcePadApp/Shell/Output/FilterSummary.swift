import ForcePadCore
import ForcePadShell

/// The filter in force and the delay it adds, as `filter` and `status` show it.
struct FilterSummary {
    let settings: FilterSettings
    let sampleRateHz: Int

    /// Group delay at DC of the quantised filter (the one-euro filter's at rest) plus one frame for spike rejection.
    var delayFrames: Double { FilterDelay(settings: settings, sampleRateHz: sampleRateHz).frames }

    var delayMilliseconds: Double { FilterDelay(settings: settings, sampleRateHz: sampleRateHz).milliseconds }

    var text: String {
        var kind = settings.kind == .none ? "none" : "\(settings.kind.rawValue) \(QuantityText.frequency(settings.cutoffMilliHertz))"
        if settings.kind == .oneEuro {
            kind += " at rest, beta \(QuantityText.beta(settings.betaMilliHertzPerGramPerSecond)) Hz per g/s, speed \(QuantityText.frequency(settings.speedCutoffMilliHertz))"
        }
        // The one-euro filter delays most at rest; while the force moves its cut-off rises.
        let delay = settings.kind == .oneEuro ? "delay at rest" : "delay"
        return "\(kind), spike rejection \(settings.spikeRejection ? "on" : "off"); \(delay) \(ForceReport.decimal(delayMilliseconds, places: 2)) ms (\(ForceReport.decimal(delayFrames, places: 2)) frames)"
    }

    var fields: [(String, JSONValue)] {
        [
            ("kind", .string(settings.kind.rawValue)), ("cutoff_hz", .decimal(settings.cutoffMilliHertz, places: 3)),
            ("spike_rejection", .bool(settings.spikeRejection)),
            ("beta_hz_per_g_per_s", .decimal(settings.betaMilliHertzPerGramPerSecond, places: 3)),
            ("speed_cutoff_hz", .decimal(settings.speedCutoffMilliHertz, places: 3)),
            ("delay_ms", .decimal(Int64((delayMilliseconds * 1000).rounded()), places: 3)),
        ]
    }
}
