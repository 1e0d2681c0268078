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

    /// The chain on `geometry` (the benchmark's 8-cell strip unless told).
    func pipeline(geometry: BenchmarkGeometry = .strip8) -> ForcePipeline {
        ForcePipeline(calibrations: geometry.calibrations, geometry: geometry.pad, settings: settings)
    }
}
