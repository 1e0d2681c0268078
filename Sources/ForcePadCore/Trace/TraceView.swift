/// A read-only window on trace rows held elsewhere, small and bitwise-copyable so it can be
/// handed to the real-time loop through its command ring. Whoever made it must keep the
/// storage alive until the loop has let go of it (see `TraceStorage` in ForcePadHAL).
public struct TraceView: @unchecked Sendable, BitwiseCopyable {
    public let kind: ForceTrace.Kind
    public let cellCount: Int
    public let rowCount: Int
    /// Row times (µs), `rowCount` of them, increasing.
    public let timesMicros: UnsafePointer<Int64>
    /// `rowCount × cellCount` values: counts or milligrams (see ``ForceTrace``).
    public let values: UnsafePointer<Int32>

    public init(kind: ForceTrace.Kind, cellCount: Int, rowCount: Int, timesMicros: UnsafePointer<Int64>, values: UnsafePointer<Int32>) {
        self.kind = kind
        self.cellCount = cellCount
        self.rowCount = rowCount
        self.timesMicros = timesMicros
        self.values = values
    }

    /// Time from the first row to the last (µs).
    public var durationMicros: Int64 { rowCount > 0 ? timesMicros[rowCount - 1] - timesMicros[0] : 0 }

    @inline(__always)
    public func value(row: Int, cell: Int) -> Int32 { values[row * cellCount + cell] }

    /// The last row whose time since the first row is at most `elapsedMicros`, searching
    /// forward from `hint` (playback only moves forward, so this is O(1) per frame).
    @inline(__always)
    public func row(atElapsedMicros elapsedMicros: Int64, from hint: Int) -> Int {
        let target = timesMicros[0] + elapsedMicros
        var row = min(max(hint, 0), rowCount - 1)
        while row + 1 < rowCount && timesMicros[row + 1] <= target { row += 1 }
        return row
    }
}
