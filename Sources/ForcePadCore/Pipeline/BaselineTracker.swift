/// Each cell's zero reading: set by tare, then following slow drift (temperature, FSR creep)
/// only while the pad is untouched.
///
/// Baselines are kept in Q16 counts (Int64) and move toward the reading by 1/2^shift per
/// untouched frame: a first-order tracker with a time constant of 2^shift frames.
public struct BaselineTracker: Sendable {
    /// Current zero per cell, Q16 counts.
    private var baselineQ16: WideCellValues
    /// Zero per cell captured by the last tare, Q16 counts.
    private var tareQ16: WideCellValues
    /// Whether a tare has happened since start.
    public private(set) var hasTare = false
    private let cellCount: Int
    /// log2 of the tracking time constant in frames; 0 turns tracking off.
    public var shift: Int

    public init(cellCount: Int, shift: Int) {
        precondition((0...BoardDescription.maxCells).contains(cellCount), "a baseline tracker holds at most \(BoardDescription.maxCells) cells")
        self.cellCount = cellCount
        self.shift = shift
        baselineQ16 = InlineArray(repeating: 0)
        tareQ16 = InlineArray(repeating: 0)
    }

    /// Zero of `cell`, rounded to whole counts.
    @inline(__always)
    public func zero(cell: Int) -> Int32 {
        Int32(truncatingIfNeeded: (baselineQ16[cell] + (1 << 15)) >> 16)
    }

    /// ``zero(cell:)`` for the loop: `cell` must be below the cell count, which is at most 256
    /// (``init(cellCount:shift:)``), and a Q16 zero made from Int32 counts cannot overflow.
    /// `mutating` only so that it reads the baselines where they lie: Swift 6.2 copied all
    /// of them (then 512 bytes) out of a borrowed tracker to read one cell (the packages' build, a
    /// copy per cell per frame).
    @inline(__always)
    mutating func zero(uncheckedCell cell: Int) -> Int32 {
        Int32(truncatingIfNeeded: (baselineQ16[unchecked: cell] &+ (1 << 15)) &>> 16)
    }

    /// Baseline minus tare zero of `cell` (Q0 counts): how far the zero has drifted.
    public func drift(cell: Int) -> Int32 {
        Int32(truncatingIfNeeded: (baselineQ16[cell] - tareQ16[cell] + (1 << 15)) >> 16)
    }

    /// Writes ``zero(cell:)`` and ``drift(cell:)`` of every cell into `zeros` and `drifts`
    /// (Q0 counts). `cellCount` ≤ 256 (``BoardDescription/maxCells``) is proven in ``init(cellCount:shift:)``, and Q16 values
    /// of Int32 counts (and their differences) stay below 2^49, so nothing can overflow. Only
    /// reads, and is `mutating` for the reason ``ForcePipeline/writeCellCounts(into:)`` is: an
    /// element read out of a borrowed tracker's array copied the whole array, once per read.
    @inline(__always)
    public mutating func writeZeros(into zeros: inout CellValues, drifts: inout CellValues) {
        for cell in 0..<cellCount {
            let baseline = baselineQ16[unchecked: cell]
            zeros[unchecked: cell] = Int32(truncatingIfNeeded: (baseline &+ (1 << 15)) &>> 16)
            drifts[unchecked: cell] = Int32(truncatingIfNeeded: (baseline &- tareQ16[unchecked: cell] &+ (1 << 15)) &>> 16)
        }
    }

    /// Follows `counts` (at least `cellCount` values, checked once) by one step (call only while
    /// the pad is untouched). Q16 values of Int32 counts stay below 2^48, so the arithmetic
    /// cannot overflow; `cellCount` ≤ 256 (``BoardDescription/maxCells``) is proven in ``init(cellCount:shift:)``.
    @inline(__always)
    public mutating func track(_ counts: Span<Int32>) {
        guard shift > 0 else { return }
        precondition(counts.count >= cellCount, "fewer counts than cells")
        let rounding = Int64(1) &<< (shift - 1)
        for cell in 0..<cellCount {
            let target = Int64(counts[unchecked: cell]) &<< 16
            let baseline = baselineQ16[unchecked: cell]
            baselineQ16[unchecked: cell] = baseline &+ ((target &- baseline &+ rounding) &>> shift)
        }
    }

    /// Starts every zero (and the tare reference) at `zeros` (Q0 counts, one per cell) without
    /// counting as a tare: where a replay starts the zeros a recording began with.
    public mutating func start(atZeros zeros: [Int32]) {
        for cell in 0..<min(cellCount, zeros.count) {
            baselineQ16[cell] = Int64(zeros[cell]) << 16
            tareQ16[cell] = baselineQ16[cell]
        }
    }

    /// Sets every zero (and the tare reference) to `zeros` (Q16 counts).
    public mutating func tare(to zeros: WideCellValues) {
        for cell in 0..<cellCount {
            baselineQ16[cell] = zeros[cell]
            tareQ16[cell] = zeros[cell]
        }
        hasTare = true
    }

    /// Shift for a time constant of `micros` at `sampleRateHz`: the nearest power of two of
    /// frames (0 when `micros` is 0: tracking off). For configuration, not the hot path.
    public static func shift(timeConstantMicros micros: Int64, sampleRateHz: Int) -> Int {
        guard micros > 0 else { return 0 }
        let frames = Double(micros) * Double(sampleRateHz) / 1_000_000
        // Nearest in log terms: 2^shift ≤ frames·√2 < 2^(shift+1).
        var shift = 1
        while shift < 30 && Double(Int64(1) << (shift + 1)) <= frames * 2.0.squareRoot() { shift += 1 }
        return shift
    }
}
