import ForcePadCore

/// The chains every cost figure is measured for: the default settings on the benchmark's
/// 8-cell strip, with the one-pole filter, the biquad at the same cut-off, or the one-euro
/// filter with its cut-off at rest there and its standard β and speed cut-off.
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
        case .onePole: filter.kind = .onePole
        case .biquad: filter.kind = .biquad
        case .oneEuro: filter.kind = .oneEuro
        }
        return filter
    }

    var settings: PipelineSettings { SimBoard.pipelineSettings(filter: filter) }

    func pipeline() -> ForcePipeline {
        ForcePipeline(calibrations: Self.calibrations, geometry: Self.geometry, settings: settings)
    }
}
