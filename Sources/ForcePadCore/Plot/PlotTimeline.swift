/// The recent past of one force, in bins of ``binMicros``: bin k holds the frames whose time
/// t (µs of loop time) has t ÷ binMicros = k, and the marks that happened in its span. Holds
/// the newest ``capacity`` bins (a ring, allocated once); older ones are gone.
///
/// A sweep (``sweep(columns:gap:tickMicros:)``) shows the newest bins where a moving cursor
/// writes over the oldest, as a heart monitor does, so a frame changes only the columns at
/// the cursor; a window (``window(from:columns:tickMicros:tickOriginMicros:)``) shows
/// consecutive bins from a given one, as a scope shows a trigger.
public struct PlotTimeline: Sendable {
    /// Time span of a bin (µs).
    public let binMicros: Int64
    private var bins: [PlotBin]
    /// The bin index each slot holds, -1 for none.
    private var indices: [Int64]
    /// Index of the newest bin a frame fell in; -1 before the first.
    public private(set) var newestIndex: Int64 = -1
    /// When the haptic line went on (µs) while it is on, nil while it is off.
    private var hapticOnSinceMicros: Int64?

    /// Bins of `binMicros` (µs, > 0), the newest `capacity` of them kept.
    public init(binMicros: Int64, capacity: Int) {
        precondition(binMicros > 0 && capacity > 0, "bins need a span and a count")
        self.binMicros = binMicros
        bins = Array(repeating: PlotBin(), count: capacity)
        indices = Array(repeating: -1, count: capacity)
    }

    /// Bins held.
    public var capacity: Int { bins.count }

    /// Takes a frame of `milligrams` (mg) at `timeMicros` (µs, ≥ 0).
    public mutating func add(milligrams: Int64, atMicros timeMicros: Int64) {
        let index = timeMicros / binMicros
        update(index) { $0.add(milligrams: milligrams) }
        if index > newestIndex {
            if let since = hapticOnSinceMicros { markHaptic(from: max(since / binMicros, newestIndex + 1), through: index) }
            newestIndex = index
        }
    }

    /// Marks the bin of `timeMicros` (µs).
    public mutating func mark(_ marks: PlotMarks, atMicros timeMicros: Int64) {
        update(timeMicros / binMicros) { $0.marks.formUnion(marks) }
    }

    /// The haptic line went on (`isOn`) or off at `timeMicros` (µs): the bins it was on in
    /// are marked ``PlotMarks/haptic``, up to the newest while it stays on.
    public mutating func hapticLine(isOn: Bool, atMicros timeMicros: Int64) {
        if isOn {
            if hapticOnSinceMicros == nil { hapticOnSinceMicros = timeMicros }
            mark(.haptic, atMicros: timeMicros)
        } else if let since = hapticOnSinceMicros {
            markHaptic(from: since / binMicros, through: timeMicros / binMicros)
            hapticOnSinceMicros = nil
        }
    }

    /// Bin `index`, nil when it is not held (too old, or never written).
    public func bin(_ index: Int64) -> PlotBin? {
        guard index >= 0 else { return nil }
        let slot = Int(index % Int64(capacity))
        return indices[slot] == index ? bins[slot] : nil
    }

    /// `columns` columns showing the newest bins as a sweep: bin k in column k mod columns,
    /// the `gap` columns after the newest blank. Ticks fall every `tickMicros` (µs) of loop time.
    public func sweep(columns: Int, gap: Int, tickMicros: Int64) -> (columns: [PlotColumn], cursor: Int?) {
        guard newestIndex >= 0 else { return (Array(repeating: PlotColumn(bin: nil), count: columns), nil) }
        let count = Int64(columns)
        let shown = (0..<columns).map { column -> PlotColumn in
            let age = ((newestIndex - Int64(column)) % count + count) % count
            let index = newestIndex - age
            guard age < count - Int64(gap), index >= 0 else { return PlotColumn(bin: nil) }
            return PlotColumn(bin: bin(index), tick: isTick(index, tickMicros: tickMicros, originMicros: 0))
        }
        return (shown, Int(newestIndex % count))
    }

    /// `columns` columns showing bins `first`, `first` + 1, …; ticks fall every `tickMicros`
    /// (µs) from `tickOriginMicros` (µs of loop time).
    public func window(from first: Int64, columns: Int, tickMicros: Int64, tickOriginMicros: Int64) -> [PlotColumn] {
        (0..<Int64(columns)).map { offset in
            PlotColumn(bin: bin(first + offset), tick: isTick(first + offset, tickMicros: tickMicros, originMicros: tickOriginMicros))
        }
    }

    /// Whether a multiple of `tickMicros` after `originMicros` falls in bin `index`'s span.
    private func isTick(_ index: Int64, tickMicros: Int64, originMicros: Int64) -> Bool {
        let start = index * binMicros - originMicros
        let sinceTick = (start % tickMicros + tickMicros) % tickMicros
        return sinceTick == 0 || sinceTick + binMicros > tickMicros
    }

    private mutating func markHaptic(from first: Int64, through last: Int64) {
        let start = max(first, last - Int64(capacity) + 1)
        guard start <= last else { return }
        for index in start...last { update(index) { $0.marks.insert(.haptic) } }
    }

    /// Changes bin `index`, first emptying its slot when it held an older bin.
    private mutating func update(_ index: Int64, _ change: (inout PlotBin) -> Void) {
        guard index >= 0, index > newestIndex - Int64(capacity) else { return }
        let slot = Int(index % Int64(capacity))
        if indices[slot] != index {
            bins[slot] = PlotBin()
            indices[slot] = index
        }
        change(&bins[slot])
    }
}
