import ForcePadCore

/// One row of the detection-quality table: a filter and dwells (the rest of the settings as
/// ``ControllerSettings/standard``), scored on the corpus. The table scores the force
/// detector, so the drag rule is off (`drag_speed = 0`): with it, a slow press between two
/// cells is cancelled as a drag while the second cell's force enters the contact region, for
/// every filter alike.
struct DetectionCandidate {
    let name: String
    let filter: FilterSettings
    /// Time at peek or pop before the stage fires, and at touch before a press begins (µs).
    let dwellMicros: Int64
    let touchDwellMicros: Int64

    /// The settings under test.
    var settings: ControllerSettings {
        var settings = ControllerSettings.standard
        settings.filter = filter
        settings.hysteresis.dwellMicros = dwellMicros
        settings.hysteresis.touchDwellMicros = touchDwellMicros
        settings.press.dragSpeedQ16PerSecond = 0
        return settings
    }

    /// Before the one-euro filter was the default: one-pole 30 Hz, dwell 5 ms at every threshold.
    static let previousDefault = DetectionCandidate(
        name: "one-pole 30 Hz, dwell 5 ms, touch dwell 5 ms (previous default)",
        filter: FilterSettings(kind: .onePole, cutoffMilliHertz: 30_000, spikeRejection: true), dwellMicros: 5_000, touchDwellMicros: 5_000)

    static func oneEuro(rest: Int64, beta: Int64, speed: Int64, dwell: Int64, touchDwell: Int64, spike: Bool) -> DetectionCandidate {
        DetectionCandidate(
            name: "one-euro \(hertz(rest)) Hz, beta \(DecimalText.format(Double(beta) / 1000, places: 2)), speed \(hertz(speed)) Hz, \(dwells(dwell, touchDwell))\(spike ? "" : ", no spike rejection")",
            filter: FilterSettings(
                kind: .oneEuro, cutoffMilliHertz: rest, spikeRejection: spike, betaMilliHertzPerGramPerSecond: beta, speedCutoffMilliHertz: speed),
            dwellMicros: dwell, touchDwellMicros: touchDwell)
    }

    static func onePole(cutoff: Int64, dwell: Int64, touchDwell: Int64) -> DetectionCandidate {
        DetectionCandidate(
            name: "one-pole \(hertz(cutoff)) Hz, \(dwells(dwell, touchDwell))",
            filter: FilterSettings(kind: .onePole, cutoffMilliHertz: cutoff, spikeRejection: true), dwellMicros: dwell, touchDwellMicros: touchDwell)
    }

    static func biquad(cutoff: Int64, dwell: Int64, touchDwell: Int64) -> DetectionCandidate {
        DetectionCandidate(
            name: "biquad \(hertz(cutoff)) Hz, \(dwells(dwell, touchDwell))",
            filter: FilterSettings(kind: .biquad, cutoffMilliHertz: cutoff, spikeRejection: true), dwellMicros: dwell, touchDwellMicros: touchDwell)
    }

    private static func hertz(_ milliHertz: Int64) -> String { DecimalText.format(Double(milliHertz) / 1000, places: 0) }

    private static func dwells(_ dwell: Int64, _ touchDwell: Int64) -> String {
        "dwell \(DecimalText.format(Double(dwell) / 1000, places: 0)) ms, touch dwell \(DecimalText.format(Double(touchDwell) / 1000, places: 0)) ms"
    }
}
