import ForcePadCore

/// Which force a live view shows: the pad's total or one cell's.
enum PlotQuantity: Sendable, Equatable {
    case total
    /// Cell `index`, counted from 0 as `status` lists them.
    case cell(Int)

    /// The force of `frame` this quantity shows (mg).
    func milligrams(of frame: ForceFrame) -> Int64 {
        switch self {
        case .total: Int64(frame.total.milligrams)
        case .cell(let index): Int64(frame.cellMilligrams[index])
        }
    }

    /// As the header and the stream name it.
    var name: String {
        switch self {
        case .total: "total"
        case .cell(let index): "cell \(index)"
        }
    }
}
