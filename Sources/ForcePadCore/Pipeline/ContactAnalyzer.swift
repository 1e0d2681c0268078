/// Finds contact regions and the force-weighted centroid of a frame, integer-only.
///
/// A cell is in contact when its force is at or above the contact threshold; a region is
/// a group of such cells that touch left/right (strip) or up/down/left/right (grid).
/// Either layout takes one pass over its cells, which adds every cell to the total and only
/// the cells in contact to the centroid's weights (most cells are idle: they take the short
/// way). On a strip a region is counted where a cell in contact follows one that is not; on a
/// grid the pass sets a bit per cell in contact (cell k = row·columns + column is bit k) and
/// each region is grown from its first bit by shifting its bits one cell in each direction
/// until it stops growing. The grid's pass is one loop over the cells, so a row costs no loop
/// of its own; a cell in contact finds its row by moving on from the last one's. A pad of more
/// than 64 cells (up to ``BoardDescription/maxCells``) takes the wide pass instead: its cells in
/// contact are bits of four words, each region flooded from its first cell through a stack of
/// cells, and its centroid divided in 128-bit arithmetic.
public struct ContactAnalyzer: Sendable {
    public let geometry: PadGeometry
    private let rows: Int
    private let columns: Int
    /// rows · columns.
    private let cells: Int
    /// Bits of the cells not in the first column, and not in the last: a region's bits shifted
    /// one cell right (left) are kept only there, so no shift carries a cell into the next row.
    private let notFirstColumn: UInt64
    private let notLastColumn: UInt64

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
        precondition(
            rows >= 1 && columns >= 1 && rows * columns <= BoardDescription.maxCells,
            "a pad has 1 to \(BoardDescription.maxCells) cells")
        cells = rows * columns
        var firstColumn: UInt64 = 0, lastColumn: UInt64 = 0
        for row in 0..<rows where cells <= 64 {
            firstColumn |= 1 << UInt64(row * columns)
            lastColumn |= 1 << UInt64(row * columns + columns - 1)
        }
        notFirstColumn = ~firstColumn
        notLastColumn = ~lastColumn
    }

    /// Number of contact regions among `milligrams` at `threshold` (Q0 mg), the
    /// force-weighted centre of the cells in contact as Q16 fractions of the pad (cell k of n
    /// has its centre at (k + 0.5)/n), so noise on idle cells does not pull it (the centre of
    /// the pad when no cell is in contact), and the sum of every cell's force (mg), taken in
    /// the same pass.
    ///
    /// `milligrams` holds at least one value per cell (checked once). Proven ranges: on a pad of
    /// at most 64 cells, Int32 forces keep the sums below 2^44 and their Q16 products below
    /// 2^60: wrapping arithmetic never wraps. A larger pad takes ``wideContacts(_:threshold:)``.
    @inline(__always)
    public func contacts(_ milligrams: Span<Int32>, threshold: Int32) -> (regions: Int, centroid: PadPosition, total: Int64) {
        precondition(milligrams.count >= cells, "fewer values than cells")
        guard cells <= 64 else { return wideContacts(milligrams, threshold: threshold) }
        guard rows == 1 else { return gridContacts(milligrams, threshold: threshold) }
        // A region starts at each cell in contact whose left neighbour is not. Idle cells (most
        // of them) take the short way: only the total. A cell in contact looks at its left
        // neighbour itself, and weighs its force by its own index c (Σ f·(2c+1) = 2·Σ f·c + Σ f),
        // so an idle cell carries no state: Swift 6.2.3 kept a running flag and a running weight
        // 2c + 1 through every cell (three instructions an idle cell on arm64). A `while` loop,
        // as the grid's: it checked each step of a `for` loop's range here (bound and overflow).
        var total: Int64 = 0, sum: Int64 = 0, sumC: Int64 = 0
        var regions = 0
        var column = 0
        while column < columns {
            let value = milligrams[unchecked: column]
            total &+= Int64(value)
            if value >= threshold {
                if column == 0 || milligrams[unchecked: column &- 1] < threshold { regions &+= 1 }
                sum &+= Int64(value)
                sumC &+= Int64(value) &* Int64(column)
            }
            column &+= 1
        }
        guard sum > 0 else { return (regions, .center, total) }
        // x = Σ f·(2c+1) / (2·columns·Σ f) in Q16; y is the middle row's centre, exactly 1/2.
        let x = ((2 &* sumC &+ sum) &* Int64(PadPosition.one) &+ sum &* Int64(columns)) / (sum &* Int64(2 &* columns))
        return (regions, PadPosition(x: Int32(truncatingIfNeeded: x), y: PadPosition.one / 2), total)
    }

    /// ``contacts(_:threshold:)`` on a grid of more than one row (so at most 32 columns). The
    /// same ranges as on a strip: at most 64 cells of Int32 force, so Σ f < 2^38, the weighted
    /// sums (weights k, r, 2c + 1 and 2r + 1, below 128) stay below 2^45 and their Q16 products
    /// below 2^61; every cell index is below rows·columns ≤ 64, within `milligrams` (checked by
    /// the caller) and within a UInt64's bits. So reads are unchecked and
    /// no arithmetic can wrap. Inlined into ``contacts(_:threshold:)``, as the strip's pass is.
    @inline(__always)
    private func gridContacts(_ milligrams: Span<Int32>, threshold: Int32) -> (regions: Int, centroid: PadPosition, total: Int64) {
        var touched: UInt64 = 0
        var total: Int64 = 0, sum: Int64 = 0, sumCell: Int64 = 0, sumRow: Int64 = 0
        // One `while` loop over the cells (there is at least one, ``init(geometry:)``, so the
        // range of a `for` loop would only add its checks); nested loops paid for each row. The
        // row is found by a cell in contact, from where the last one left it (`rowEnd` is the
        // index after its last cell), so an idle cell carries nothing but its index: a row found
        // by a multiplication was strength-reduced by Swift 6.2.3 into a running product, and
        // the weight 2c + 1 into a running weight, two more instructions an idle cell on arm64.
        var cell = 0, row = 0, rowEnd = columns
        while cell < cells {
            let value = milligrams[unchecked: cell]
            total &+= Int64(value)
            if value >= threshold {
                touched |= 1 &<< UInt64(truncatingIfNeeded: cell)
                while cell >= rowEnd {
                    row &+= 1
                    rowEnd &+= columns
                }
                sum &+= Int64(value)
                sumCell &+= Int64(value) &* Int64(cell)
                sumRow &+= Int64(value) &* Int64(row)
            }
            cell &+= 1
        }
        var regions = 0
        var left = touched
        let rowStep = UInt64(truncatingIfNeeded: columns)
        while left != 0 {
            var region = left & (0 &- left)
            while true {
                let grown = (region | (region &<< 1) & notFirstColumn | (region &>> 1) & notLastColumn
                    | region &<< rowStep | region &>> rowStep) & left
                if grown == region { break }
                region = grown
            }
            left &= ~region
            regions &+= 1
        }
        guard sum > 0 else { return (regions, .center, total) }
        // x = Σ f·(2c+1) / (2·columns·Σ f), in Q16; y likewise over the rows. A cell's column
        // is its index less columns·row, so Σ f·(2c+1) = 2·(Σ f·k − columns·Σ f·r) + Σ f.
        let one = Int64(PadPosition.one)
        let sumX = 2 &* (sumCell &- Int64(columns) &* sumRow) &+ sum
        let sumY = 2 &* sumRow &+ sum
        let x = (sumX &* one &+ sum &* Int64(columns)) / (sum &* Int64(2 &* columns))
        let y = (sumY &* one &+ sum &* Int64(rows)) / (sum &* Int64(2 &* rows))
        return (regions, PadPosition(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y)), total)
    }

    /// ``contacts(_:threshold:)`` on a pad of 65 to 256 cells (``BoardDescription/maxCells``), a
    /// strip or a grid: the same regions and the same centroid as the narrow passes' definition.
    /// Cell k in contact is bit k % 64 of word k / 64; each region is flooded from its lowest
    /// cell, every cell pushed once onto a stack of at most 256. Ranges: Σ f < 2^39, the weighted
    /// sums (weights below 256) below 2^47; their Q16 products need up to 2^65, so the centroid
    /// is divided in 128-bit arithmetic. Kept out of line: the narrow passes stay as they were.
    @inline(never)
    private func wideContacts(_ milligrams: Span<Int32>, threshold: Int32) -> (regions: Int, centroid: PadPosition, total: Int64) {
        var touched = InlineArray<4, UInt64>(repeating: 0)
        var total: Int64 = 0, sum: Int64 = 0, sumColumn: Int64 = 0, sumRow: Int64 = 0
        for cell in 0..<cells {
            let value = milligrams[unchecked: cell]
            total &+= Int64(value)
            guard value >= threshold else { continue }
            touched[cell &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: cell & 63)
            let (row, column) = cell.quotientAndRemainder(dividingBy: columns)
            sum &+= Int64(value)
            sumColumn &+= Int64(value) &* Int64(column)
            sumRow &+= Int64(value) &* Int64(row)
        }
        let regions = floodedRegions(&touched)
        guard sum > 0 else { return (regions, .center, total) }
        // x = Σ f·(2c+1) / (2·columns·Σ f) in Q16, y likewise over the rows; rows == 1 gives
        // y = 1/2, the middle row's centre, as on a strip.
        let one = Int128(PadPosition.one)
        let x = ((Int128(2 &* sumColumn &+ sum)) * one + Int128(sum) * Int128(columns)) / (Int128(sum) * Int128(2 * columns))
        let y = ((Int128(2 &* sumRow &+ sum)) * one + Int128(sum) * Int128(rows)) / (Int128(sum) * Int128(2 * rows))
        return (regions, PadPosition(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y)), total)
    }

    /// The regions among `touched` (bit k % 64 of word k / 64 set for cell k in contact), each
    /// grown from its lowest cell through its neighbours left, right, up and down. Empties
    /// `touched`.
    private func floodedRegions(_ touched: inout InlineArray<4, UInt64>) -> Int {
        var stack = InlineArray<256, UInt16>(repeating: 0)
        var regions = 0
        for word in 0..<4 {
            while touched[word] != 0 {
                let first = word &* 64 &+ touched[word].trailingZeroBitCount
                touched[word] &= touched[word] &- 1
                regions &+= 1
                stack[0] = UInt16(truncatingIfNeeded: first)
                var depth = 1
                while depth > 0 {
                    depth &-= 1
                    let cell = Int(stack[depth])
                    let (row, column) = cell.quotientAndRemainder(dividingBy: columns)
                    if column > 0 { Self.visit(cell &- 1, &touched, &stack, &depth) }
                    if column < columns &- 1 { Self.visit(cell &+ 1, &touched, &stack, &depth) }
                    if row > 0 { Self.visit(cell &- columns, &touched, &stack, &depth) }
                    if row < rows &- 1 { Self.visit(cell &+ columns, &touched, &stack, &depth) }
                }
            }
        }
        return regions
    }

    /// Pushes `neighbour` onto `stack` (its `depth` cells deep) when it is in contact and not yet
    /// in a region, taking it out of `touched`. A function of its own, not one nested in the
    /// flood: a nested one captured the stack, which an unoptimised build boxed on the heap.
    @inline(__always)
    private static func visit(
        _ neighbour: Int, _ touched: inout InlineArray<4, UInt64>, _ stack: inout InlineArray<256, UInt16>, _ depth: inout Int
    ) {
        let bit = UInt64(1) &<< UInt64(truncatingIfNeeded: neighbour & 63)
        guard touched[neighbour &>> 6] & bit != 0 else { return }
        touched[neighbour &>> 6] &= ~bit
        stack[depth] = UInt16(truncatingIfNeeded: neighbour)
        depth &+= 1
    }
}
