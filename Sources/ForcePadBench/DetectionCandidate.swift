import ForcePadCore

/// One row of the detection-quality table: a filter and dwell (the rest of the settings as
/// ``ControllerSettings/standard``), scored on the corpus. The table scores the force
/// detector, so the drag rule is off (`drag_speed = 0`): with it, a slow press between two
/// cells is cancelled as a drag while the second cell's force enters the contact region, for
/// every filter alike.
struct DetectionCandidate {
    let name: String
    let filter: FilterSettings
    let dwellMicros: Int64

    /// The settings under test.
    var settings: ControllerSettings {
        var settings = ControllerSettings.standard
        settings.filter = filter
        settings.hysteresis.dwellMicros = dwellMicros
        settings.press.dragSpeedQ16PerSecond = 0
        return settings
    }

    /// Before the one-euro filter was the default: one-pole 30 Hz, dwell 5 ms.
    static let previousDefault = DetectionCandidate(
        name: "one-pole 30 Hz, dwell 5 ms (previous default)",
        filter: FilterSettings(kind: .onePole, cutoffMilliHertz: 30_000, spikeRejection: true), dwellMicros: 5_000)

    static func oneEuro(rest: Int64, beta: Int64, speed: Int64, dwell: Int64, spike: Bool = true) -> DetectionCandidate {
        DetectionCandidate(
            name: "one-euro \(rest / 1000) Hz, beta \(DecimalText.format(Double(beta) / 1000, places: 2)), speed \(speed / 1000) Hz, dwell \(DecimalText.format(Double(dwell) / 1000, places: 1)) ms\(spike ? "" : ", no spike rejection")",
            filter: FilterSettings(kind: .oneEuro, cutoffMilliHertz: rest, spikeRejection: spike, betaMilliHertzPerGramPerSecond: beta, speedCutoffMilliHertz: speed),
            dwellMicros: dwell)
    }

    static func onePole(cutoff: Int64, dwell: Int64) -> DetectionCandidate {
        DetectionCandidate(
            name: "one-pole \(cutoff / 1000) Hz, dwell \(DecimalText.format(Double(dwell) / 1000, places: 1)) ms",
            filter: FilterSettings(kind: .onePole, cutoffMilliHertz: cutoff, spikeRejection: true), dwellMicros: dwell)
    }
}
