import ForcePadCore

/// The `sim` board of boards/sim.toml, built in code (the benchmark reads no files): a
/// 4-cell strip at 1 kHz with the FSR curve counts = 4095·F/(F + 150 g).
enum SimBoard {
    static let calibration = try! CalibrationTable(validating: [
        (0, 0), (256, 10), (585, 25), (1024, 50), (1638, 100), (2048, 150), (2340, 200), (2730, 300), (2978, 400), (3150, 500),
    ].map { CalibrationPoint(counts: $0.0, force: .grams($0.1)) })

    /// The board with its cells laid out as `geometry` (the file has a 4-cell strip).
    static func board(geometry: PadGeometry = .strip(cells: 4)) -> BoardDescription {
        BoardDescription(
            name: "sim", summary: "Simulated \(geometry.cellCount)-cell pad, 12-bit counts, no hardware", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: Array(0..<geometry.cellCount), dataRate: 0)],
            geometry: geometry, sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: calibration, simulation: SimulationSettings(noise: .grams(1), seed: 1, riseMicros: 20_000))
    }

    /// The default pipeline settings (``ControllerSettings/standard``) at the board's rate,
    /// with the filter replaced by `filter` when given.
    static func pipelineSettings(filter: FilterSettings? = nil) -> PipelineSettings {
        var settings = ControllerSettings.standard
        if let filter { settings.filter = filter }
        return PipelineSettings(settings: settings, sampleRateHz: board().sampleRateHz)
    }
}
