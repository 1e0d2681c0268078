import ForcePadCore

/// A pad layout the instruction counts are made for. ``shipped``: every shipped board's
/// (boards/*.toml: the 4-cell strips of sim, rpi5-ads1115 and zero2w-pcf8591, the 2×4 grid of
/// rpi4-ads7830) and the 8-cell strip the benchmark has always counted, each compared with the
/// C chains. ``scaling``: strips and square grids from 4 to 256 cells
/// (``BoardDescription/maxCells``), ForcePad alone, for the cost of a cell. Every cell is
/// calibrated as the sim board's and read from the simulated pad laid out the same way
/// (``BenchmarkFrames``).
struct BenchmarkGeometry: Equatable {
    let pad: PadGeometry

    static let strip4 = Self(pad: .strip(cells: 4))
    static let grid2x4 = Self(pad: .grid(rows: 2, columns: 4))
    static let strip8 = Self(pad: .strip(cells: 8))

    /// The layouts compared with the C chains.
    static let shipped = [strip4, grid2x4, strip8]

    /// The largest pads, a 256-cell strip and a 16×16 grid (the contact analyser's wide pass),
    /// whose outputs are compared with the plain C chain's value by value (not counted).
    static let largest = [Self(pad: .strip(cells: BoardDescription.maxCells)), Self(pad: .grid(rows: 16, columns: 16))]

    /// Strips of 4 to 256 cells, then square grids of 2×2 to 16×16: two families of layouts
    /// whose counts show what each cell adds.
    static let scaling: [[Self]] = [
        [4, 16, 64, 128, 256].map { Self(pad: .strip(cells: $0)) },
        [2, 4, 8, 12, 16].map { Self(pad: .grid(rows: $0, columns: $0)) },
    ]

    init(pad: PadGeometry) {
        self.pad = pad
    }

    /// `strip-N` or `grid-RxC`, as ``name`` writes them, within the cells a board may have.
    init?(name: String) {
        let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let sizes = parts[1].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        let pad: PadGeometry
        switch (parts[0], sizes.count) {
        case ("strip", 1): guard let cells = sizes[0] else { return nil }; pad = .strip(cells: cells)
        case ("grid", 2): guard let rows = sizes[0], let columns = sizes[1] else { return nil }; pad = .grid(rows: rows, columns: columns)
        default: return nil
        }
        self.pad = pad
        guard rows >= 1, pad.cellCount >= rows, (1...BoardDescription.maxCells).contains(pad.cellCount) else { return nil }
    }

    /// The name on `run-chain`'s command line and in the frames files' names.
    var name: String {
        switch pad {
        case .strip(let cells): "strip-\(cells)"
        case .grid(let rows, let columns): "grid-\(rows)x\(columns)"
        }
    }

    /// What the table calls it, with the boards that have it.
    var summary: String {
        switch self {
        case .strip4: "4-cell strip (sim, rpi5-ads1115, zero2w-pcf8591)"
        case .grid2x4: "2x4 grid (rpi4-ads7830)"
        default:
            switch pad {
            case .strip(let cells): "\(cells)-cell strip"
            case .grid(let rows, let columns): "\(rows)x\(columns) grid"
            }
        }
    }

    /// Rows of the layout (1 on a strip), as the C chain's PARAMETERS file gives them.
    var rows: Int {
        if case .grid(let rows, _) = pad { return rows }
        return 1
    }

    var calibrations: [CalibrationTable] { Array(repeating: SimBoard.calibration, count: pad.cellCount) }
}
