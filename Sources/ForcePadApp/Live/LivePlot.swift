import ForcePadCore

/// A live plot's state off the loop: the timeline of the force it shows, fed with the
/// ``LiveForceTap``'s batches, and what it draws next: a sweep of the newest bins, or as a
/// scope, the window around the last trigger once its post-trigger part has come (a sweep
/// until the first one).
struct LivePlot {
    let renderer: ForcePlotRenderer
    let quantity: PlotQuantity
    /// Nil for a sweep.
    let trigger: ScopeTrigger?
    private(set) var timeline: PlotTimeline
    /// Time between ticks on the time axis (µs).
    let tickMicros: Int64
    /// The newest force shown (mg), nil before the first frame.
    private(set) var latestMilligrams: Int64?
    /// Frames lost on the way (the loop's ring or the tap's buffer was full).
    private(set) var droppedFrames: UInt64 = 0
    /// Bin of a trigger whose post-trigger part has not all come yet.
    private var pendingTrigger: (bin: Int64, micros: Int64)?
    /// The window frozen around the last trigger, and the trigger's time (µs).
    private(set) var frozen: (columns: [PlotColumn], triggerMicros: Int64)?
    /// Triggers caught so far.
    private(set) var triggers = 0
    /// Blank columns ahead of a sweep's cursor.
    static let sweepGap = 4

    /// A plot in `renderer`'s size whose width spans `spanMicros` (µs) of loop time.
    init(renderer: ForcePlotRenderer, quantity: PlotQuantity, trigger: ScopeTrigger?, spanMicros: Int64) {
        self.renderer = renderer
        self.quantity = quantity
        self.trigger = trigger
        self.spanMicros = spanMicros
        let columns = renderer.dotColumns
        timeline = PlotTimeline(binMicros: max(spanMicros / Int64(columns), 1), capacity: 2 * columns)
        tickMicros = Self.tickMicros(spanMicros: spanMicros)
    }

    /// Loop time the plot's width spans (µs), as asked: the bins' span is its share of it,
    /// rounded down (µs).
    let spanMicros: Int64

    /// The step of 1, 2 or 5 × 10ⁿ µs that puts at most ten ticks across `spanMicros`.
    static func tickMicros(spanMicros: Int64) -> Int64 {
        var decade: Int64 = 1_000
        while true {
            for step in [decade, 2 * decade, 5 * decade] where spanMicros / step <= 10 { return step }
            decade *= 10
        }
    }

    /// Takes a batch of frames and happenings into the timeline, then freezes a scope's
    /// window once its trigger's post-trigger part has come.
    mutating func take(_ batch: LiveForceBatch) {
        droppedFrames += batch.droppedFrames
        for happening in batch.happenings {
            switch happening {
            case .marks(let marks, let time):
                timeline.mark(marks, atMicros: time)
                if let trigger, pendingTrigger == nil, !marks.isDisjoint(with: trigger.marks) {
                    pendingTrigger = (time / timeline.binMicros, time)
                }
            case .hapticLine(let isOn, let time):
                timeline.hapticLine(isOn: isOn, atMicros: time)
            }
        }
        for frame in batch.frames {
            let milligrams = quantity.milligrams(of: frame)
            timeline.add(milligrams: milligrams, atMicros: frame.timeMicros)
            latestMilligrams = milligrams
        }
        guard let trigger, let pending = pendingTrigger else { return }
        let columns = renderer.dotColumns
        guard timeline.newestIndex >= pending.bin + Int64(columns - trigger.preColumns) else { return }
        let first = pending.bin - Int64(trigger.preColumns)
        frozen = (timeline.window(from: first, columns: columns, tickMicros: tickMicros, tickOriginMicros: pending.micros), pending.micros)
        pendingTrigger = nil
        triggers += 1
    }

    /// What to draw now, with `header` on top and `levels` across.
    func scene(header: String, levels: [PlotLevel], topMilligrams: Int64) -> ForcePlotScene {
        let axisLabel = "+=" + QuantityText.duration(tickMicros)
        if let trigger, let frozen {
            return ForcePlotScene(
                columns: frozen.columns, topMilligrams: topMilligrams, levels: levels, header: header, axisLabel: axisLabel,
                triggerColumn: trigger.preColumns)
        }
        let sweep = timeline.sweep(columns: renderer.dotColumns, gap: 2 * Self.sweepGap, tickMicros: tickMicros)
        return ForcePlotScene(
            columns: sweep.columns, topMilligrams: topMilligrams, levels: levels, header: header, axisLabel: axisLabel,
            cursorColumn: sweep.cursor)
    }
}
