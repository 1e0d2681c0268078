import ForcePadCore

/// What of a ``LoopSnapshot`` the loop copies into the mailbox each period: every byte but
/// the cells past the pad's in its five per-cell arrays (the raw counts, the forces, the
/// readings, zeros and drifts), which stay 0 in every snapshot of a loop: nothing writes past
/// a pad's cells (a ``FrameSource`` fills its `cellCount`, the pipeline its own, the same
/// pad's). On a 4-cell pad a period copies about 490 bytes instead of the whole snapshot of
/// about 5.5 KB, 5120 bytes of them the five 256-cell arrays.
///
/// A slot the loop has not yet written holds the link's initial snapshot, whose cells past
/// the pad's may be anything: it gets the whole snapshot once
/// (``LatestValueMailbox/publish(writing:)`` says which slot is new). So the reader always
/// gets, byte for byte, the snapshot the loop published.
struct LoopSnapshotPublication {
    /// Blocks of four cells (16 bytes) copied of each array: enough for the pad's cells (at
    /// most ``BoardDescription/maxCells``). The cells a last block holds past the pad's are
    /// 0 on both sides.
    private let cellBlocks: Int

    init(cellCount: Int) {
        cellBlocks = (min(max(cellCount, 0), BoardDescription.maxCells) + 3) / 4
        typealias Layout = MemoryLayout<LoopSnapshot>
        let offsets = [
            \LoopSnapshot.raw.counts, \.force.cellMilligrams, \.cellCounts.readings, \.cellCounts.zeros, \.cellCounts.drifts,
        ].map { Layout.offset(of: $0)! }
        precondition(
            zip(offsets, offsets.dropFirst()).allSatisfy { $0 + MemoryLayout<CellValues>.size <= $1 },
            "LoopSnapshot's per-cell arrays are no longer laid out in the order write(_:into:whole:) copies around")
    }

    /// Writes `snapshot` into `slot`, which holds an earlier snapshot of the same loop, or
    /// (`whole`) into a slot that does not. `snapshot` is only read; it is taken `inout` so
    /// that it is read where it lies.
    ///
    /// The bytes between the arrays (the frames' other fields, the settings, the counters)
    /// go as they lie, the arrays' cells in one pass over the pad's blocks of cells. The
    /// offsets are the layout's own (`MemoryLayout.offset(of:)`), constants to the compiler,
    /// and every copy is of a constant size up to 64 bytes, so each is a few moves, not a call.
    @inline(__always)
    func write(_ snapshot: inout LoopSnapshot, into slot: UnsafeMutablePointer<LoopSnapshot>, whole: Bool) {
        guard !whole else {
            slot.pointee = snapshot
            return
        }
        typealias Layout = MemoryLayout<LoopSnapshot>
        let arrayBytes = MemoryLayout<CellValues>.size
        let raw = Layout.offset(of: \.raw.counts)!
        let force = Layout.offset(of: \.force.cellMilligrams)!
        let readings = Layout.offset(of: \.cellCounts.readings)!
        let zeros = Layout.offset(of: \.cellCounts.zeros)!
        let drifts = Layout.offset(of: \.cellCounts.drifts)!
        withUnsafeMutableBytes(of: &snapshot) { bytes in
            let source = UnsafeRawPointer(bytes.baseAddress!)
            let target = UnsafeMutableRawPointer(slot)
            /// Copies the bytes from `start` up to `end` (none when `end` ≤ `start`), 64 at a time.
            @inline(__always)
            func copy(from start: Int, to end: Int) {
                var at = start
                while end - at >= 64 {
                    (target + at).copyMemory(from: source + at, byteCount: 64)
                    at += 64
                }
                if end > at { (target + at).copyMemory(from: source + at, byteCount: end - at) }
            }
            // Everything but the arrays, which lie in this order, each after the one before.
            copy(from: 0, to: raw)
            copy(from: raw + arrayBytes, to: force)
            copy(from: force + arrayBytes, to: readings)
            copy(from: readings + arrayBytes, to: zeros)
            copy(from: zeros + arrayBytes, to: drifts)
            copy(from: drifts + arrayBytes, to: Layout.size)
            /// Copies the 16 bytes at `offset`.
            @inline(__always)
            func copyBlock(at offset: Int) {
                (target + offset).copyMemory(from: source + offset, byteCount: 16)
            }
            for block in 0..<cellBlocks {
                let offset = block &* 16
                copyBlock(at: raw &+ offset)
                copyBlock(at: force &+ offset)
                copyBlock(at: readings &+ offset)
                copyBlock(at: zeros &+ offset)
                copyBlock(at: drifts &+ offset)
            }
        }
    }
}
