/// Finds contact regions and the force-weighted centroid of a frame, integer-only.
///
/// A cell is in contact when its force is at or above the contact threshold; a region is
/// a group of such cells that touch left/right (strip) or up/down/left/right (grid).
/// A strip takes one pass over its cells (regions are runs of cells in contact); a grid takes
/// a flood fill and a pass for the centroid.
public struct ContactAnalyzer: Sendable {
    public let geometry: PadGeometry
    private let rows: Int
    private let columns: Int

    public init(geometry: PadGeometry) {
        self.geometry = geometry
        switch geometry {
        case .strip(let cells):
            rows = 1
            columns = cells
        case .grid(let gridRows, let gridColumns):
            rows = gridRows
            columns = gridColumns
        }
        precondition(rows >= 1 && columns >= 1 && rows * columns <= 64, "a pad has 1 to 64 cells")
    }

    /// Number of contact regions among `milligrams` at `threshold` (Q0 mg), and the
    /// force-weighted centre of the cells in contact as Q16 fractions of the pad (cell k of n
    /// has its centre at (k + 0.5)/n), so noise on idle cells does not pull it; the centre of
    /// the pad when no cell is in contact.
    ///
    /// `milligrams` holds at least one value per cell (checked once). Proven ranges: at most 64
    /// cells (``init(geometry:)``) of Int32 force, so the sums stay below 2^44 and their Q16
    /// products below 2^60: wrapping arithmetic never wraps.
    @inline(__always)
    public func contacts(_ milligrams: Span<Int32>, threshold: Int32) -> (regions: Int, centroid: PadPosition) {
        precondition(milligrams.count >= rows * columns, "fewer values than cells")
        guard rows == 1 else { return (gridRegions(milligrams, threshold: threshold), gridCentroid(milligrams, threshold: threshold)) }
        // Bit k of `touched` is cell k in contact; a region starts at each set bit whose left
        // neighbour is clear. Σ f·c comes without a multiply: the running sums P_k = Σ_{c≤k} f
        // add up to Σ f·(n − c), so Σ f·c = n·Σ f − Σ P_k.
        var touched: UInt64 = 0
        var sum: Int64 = 0, runningSums: Int64 = 0
        for column in 0..<columns {
            let value = milligrams[unchecked: column]
            let inContact = value >= threshold
            touched |= (inContact ? 1 : 0) &<< UInt64(column)
            sum &+= inContact ? Int64(value) : 0
            runningSums &+= sum
        }
        let regions = (touched & ~(touched &<< 1)).nonzeroBitCount
        guard sum > 0 else { return (regions, .center) }
        let sumX = 2 &* (Int64(columns) &* sum &- runningSums) &+ sum
        // x = Σ f·(2c+1) / (2·columns·Σ f) in Q16; y is the middle row's centre, exactly 1/2.
        let x = (sumX &* Int64(PadPosition.one) &+ sum &* Int64(columns)) / (sum &* Int64(2 &* columns))
        return (regions, PadPosition(x: Int32(truncatingIfNeeded: x), y: PadPosition.one / 2))
    }

    /// Regions on a grid: flood fill with a fixed inline stack and a visited mask (64 cells fit
    /// in one UInt64).
    private func gridRegions(_ milligrams: Span<Int32>, threshold: Int32) -> Int {
        var visited: UInt64 = 0
        var stack = InlineArray<64, Int8>(repeating: 0)
        var regions = 0
        let steps: InlineArray<4, (Int, Int)> = [(0, -1), (0, 1), (-1, 0), (1, 0)]
        for start in 0..<(rows * columns) where milligrams[start] >= threshold && visited & (1 << UInt64(start)) == 0 {
            regions += 1
            visited |= 1 << UInt64(start)
            stack[0] = Int8(start)
            var depth = 1
            while depth > 0 {
                depth -= 1
                let cell = Int(stack[depth])
                let row = cell / columns, column = cell % columns
                for step in 0..<4 {
                    let r = row + steps[step].0, c = column + steps[step].1
                    guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                    let neighbour = r * columns + c
                    if milligrams[neighbour] >= threshold && visited & (1 << UInt64(neighbour)) == 0 {
                        visited |= 1 << UInt64(neighbour)
                        stack[depth] = Int8(neighbour)
                        depth += 1
                    }
                }
            }
        }
        return regions
    }

    /// Centroid on a grid (see ``contacts(_:threshold:)``).
    private func gridCentroid(_ milligrams: Span<Int32>, threshold: Int32) -> PadPosition {
        var sum: Int64 = 0, sumX: Int64 = 0, sumY: Int64 = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let value = milligrams[row * columns + column]
                let force = value >= threshold ? Int64(value) : 0
                sum += force
                sumX += force * Int64(2 * column + 1)
                sumY += force * Int64(2 * row + 1)
            }
        }
        guard sum > 0 else { return .center }
        // x = Σ f·(2c+1) / (2·columns·Σ f), in Q16.
        let one = Int64(PadPosition.one)
        let x = (sumX * one + sum * Int64(columns)) / (sum * Int64(2 * columns))
        let y = (sumY * one + sum * Int64(rows)) / (sum * Int64(2 * rows))
        return PadPosition(x: Int32(x), y: Int32(y))
    }
}
