import ForcePadCore
import ForcePadShell

/// The filter in force and the delay it adds, as `filter` and `status` show it.
struct FilterSummary {
    let settings: FilterSettings
    let sampleRateHz: Int

    /// Group delay at DC of the quantised filter plus one frame for spike rejection.
    var delayFrames: Double { FilterDelay(settings: settings, sampleRateHz: sampleRateHz).frames }

    var delayMilliseconds: Double { FilterDelay(settings: settings, sampleRateHz: sampleRateHz).milliseconds }

    var text: String {
        let kind = settings.kind == .none ? "none" : "\(settings.kind.rawValue) \(QuantityText.frequency(settings.cutoffMilliHertz))"
        return "\(kind), spike rejection \(settings.spikeRejection ? "on" : "off"); delay \(ForceReport.decimal(delayMilliseconds, places: 2)) ms (\(ForceReport.decimal(delayFrames, places: 2)) frames)"
    }

    var fields: [(String, JSONValue)] {
        [
            ("kind", .string(settings.kind.rawValue)), ("cutoff_hz", .decimal(settings.cutoffMilliHertz, places: 3)),
            ("spike_rejection", .bool(settings.spikeRejection)),
            ("delay_ms", .decimal(Int64((delayMilliseconds * 1000).rounded()), places: 3)),
        ]
    }
}
