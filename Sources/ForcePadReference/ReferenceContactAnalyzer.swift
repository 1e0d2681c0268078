import ForcePadCore

/// Contact regions and the force-weighted centroid of a frame, in floating point: the same
/// definitions as ``ContactAnalyzer`` (a cell at or above the threshold is in contact;
/// regions join left/right on a strip, up/down/left/right on a grid; the centroid weighs
/// the cells in contact only, cell k of n centred at (k + 0.5)/n), computed independently.
/// Values are read through a span (indexing an InlineArray parameter directly copies the
/// whole array for every element in optimised builds).
public struct ReferenceContactAnalyzer<Sample: BinaryFloatingPoint> {
    @usableFromInline let rows: Int
    @usableFromInline let columns: Int

    public init(geometry: PadGeometry) {
        switch geometry {
        case .strip(let cells):
            rows = 1
            columns = cells
        case .grid(let gridRows, let gridColumns):
            rows = gridRows
            columns = gridColumns
        }
    }

    /// Number of contact regions among `milligrams` at `threshold` (mg), by union–find:
    /// every contact cell starts as its own region and merges with a contact neighbour on
    /// its left and above.
    @inlinable
    public func regions(_ cellMilligrams: ReferenceCellValues<Sample>, threshold: Sample) -> Int {
        let milligrams = cellMilligrams.span
        var parent = InlineArray<256, Int16>(repeating: -1)
        var regions = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = row * columns + column
                guard milligrams[cell] >= threshold else { continue }
                parent[cell] = Int16(cell)
                regions += 1
                if column > 0 && milligrams[cell - 1] >= threshold {
                    regions -= Self.merge(cell, cell - 1, parents: &parent) ? 1 : 0
                }
                if row > 0 && milligrams[cell - columns] >= threshold {
                    regions -= Self.merge(cell, cell - columns, parents: &parent) ? 1 : 0
                }
            }
        }
        return regions
    }

    /// Force-weighted centre of the cells at or above `threshold` (mg), as fractions of the
    /// pad's width and height (0…1); the centre of the pad (0.5, 0.5) when none is.
    @inlinable
    public func centroid(_ cellMilligrams: ReferenceCellValues<Sample>, threshold: Sample) -> (x: Sample, y: Sample) {
        let milligrams = cellMilligrams.span
        var sum: Sample = 0, sumX: Sample = 0, sumY: Sample = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let force = milligrams[row * columns + column]
                guard force >= threshold else { continue }
                sum += force
                sumX += force * (Sample(column) + 0.5)
                sumY += force * (Sample(row) + 0.5)
            }
        }
        guard sum > 0 else { return (0.5, 0.5) }
        return (sumX / (sum * Sample(columns)), sumY / (sum * Sample(rows)))
    }

    /// Joins the regions of cells `a` and `b`; false when they were already one region.
    @inlinable
    static func merge(_ a: Int, _ b: Int, parents: inout InlineArray<256, Int16>) -> Bool {
        let rootA = root(of: a, parents: parents), rootB = root(of: b, parents: parents)
        if rootA == rootB { return false }
        parents[max(rootA, rootB)] = Int16(min(rootA, rootB))
        return true
    }

    @inlinable
    static func root(of cell: Int, parents: InlineArray<256, Int16>) -> Int {
        var current = cell
        while Int(parents[current]) != current { current = Int(parents[current]) }
        return current
    }
}

extension ReferenceContactAnalyzer: Sendable {}
