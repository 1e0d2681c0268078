import ForcePadCore

/// The pad layouts the instruction counts are made for: every shipped board's (boards/*.toml:
/// the 4-cell strips of sim, rpi5-ads1115 and zero2w-pcf8591, the 2×4 grid of rpi4-ads7830)
/// and the 8-cell strip the benchmark has always counted. Every cell is calibrated as the sim
/// board's and read from the simulated pad laid out the same way (``BenchmarkFrames``).
enum BenchmarkGeometry: CaseIterable {
    case strip4
    case grid2x4
    case strip8

    init?(name: String) {
        guard let geometry = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = geometry
    }

    /// The name on `run-chain`'s command line and in the frames files' names.
    var name: String {
        switch self {
        case .strip4: "strip-4"
        case .grid2x4: "grid-2x4"
        case .strip8: "strip-8"
        }
    }

    /// What the table calls it, with the boards that have it.
    var summary: String {
        switch self {
        case .strip4: "4-cell strip (sim, rpi5-ads1115, zero2w-pcf8591)"
        case .grid2x4: "2x4 grid (rpi4-ads7830)"
        case .strip8: "8-cell strip"
        }
    }

    var pad: PadGeometry {
        switch self {
        case .strip4: .strip(cells: 4)
        case .grid2x4: .grid(rows: 2, columns: 4)
        case .strip8: .strip(cells: 8)
        }
    }

    /// Rows of the layout (1 on a strip), as the C chain's PARAMETERS file gives them.
    var rows: Int {
        if case .grid(let rows, _) = pad { return rows }
        return 1
    }

    var calibrations: [CalibrationTable] { Array(repeating: SimBoard.calibration, count: pad.cellCount) }
}
