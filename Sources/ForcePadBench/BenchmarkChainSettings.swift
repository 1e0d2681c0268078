import ForcePadCore

/// The chains every cost figure is measured for: the default settings on the benchmark's
/// 8-cell strip, with the one-pole filter or the biquad at 30 Hz (the one-pole was the default
/// before the one-euro), or the default one-euro filter.
enum BenchmarkChainSettings: CaseIterable {
    case onePole
    case biquad
    case oneEuro

    init?(name: String) {
        guard let chain = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = chain
    }

    var name: String {
        switch self {
        case .onePole: "one-pole"
        case .biquad: "biquad"
        case .oneEuro: "one-euro"
        }
    }

    static let geometry = PadGeometry.strip(cells: BenchmarkFrames.cellCount)
    static let calibrations = Array(repeating: SimBoard.calibration, count: BenchmarkFrames.cellCount)

    var filter: FilterSettings {
        var filter = ControllerSettings.standard.filter
        switch self {
        case .onePole: filter = FilterSettings(kind: .onePole, cutoffMilliHertz: 30_000, spikeRejection: filter.spikeRejection)
        case .biquad: filter = FilterSettings(kind: .biquad, cutoffMilliHertz: 30_000, spikeRejection: filter.spikeRejection)
        case .oneEuro: break
        }
        return filter
    }

    var settings: PipelineSettings { SimBoard.pipelineSettings(filter: filter) }

    /// The chain on a strip of `cells` cells (the benchmark's 8 unless told), every cell
    /// calibrated as the sim board's.
    func pipeline(cells: Int = BenchmarkFrames.cellCount) -> ForcePipeline {
        ForcePipeline(
            calibrations: Array(repeating: SimBoard.calibration, count: cells), geometry: .strip(cells: cells), settings: settings)
    }
}
