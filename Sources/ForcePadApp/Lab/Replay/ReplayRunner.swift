import ForcePadCore
import ForcePadHAL

/// Runs a trace through the pipeline, the recogniser and the haptic scheduler exactly as
/// the loop does (the same ``LoopAssembly``), on a manual clock with the GPIO line
/// simulated: the same trace and settings always give the same events.
///
/// A trace is resampled to the board's period: the loop ticks every period from the first
/// row's time to the last, each tick reading the last row at or before it (as `sim play`
/// plays it in real time), so a trace written in 50 ms steps fires its thresholds when
/// `sim play` does. A recording replays at its own rows' times (one tick per recorded frame).
struct ReplayRunner {
    let assembly: LoopAssembly

    /// Feeds `trace` to a control loop, every period (or, with `keepTimes`, at each row's
    /// time), then keeps ticking at the board's period (holding the last row) until haptic
    /// patterns have finished, at most one second. Calls `handle` with each event in order,
    /// and `frame` with each period's force frame.
    ///
    /// A recording replays as it was made: `keepTimes` ticks at the rows' own loop times
    /// (instead of from 0), `zeros` are the cells' zeros (Q0 counts) when it began, `tareAtRow`
    /// starts a tare with that row, and `menuShortcuts` is the number of shortcuts the pad's
    /// quick-action menu offered.
    func run(
        _ trace: ForceTrace, keepTimes: Bool = false, zeros: [Int32] = [], tareAtRow: Int? = nil, menuShortcuts: Int = 0,
        handle: (LoopEvent) -> Void, frame: (ForceFrame) -> Void = { _ in }
    ) throws(SetupError) {
        let board = assembly.board
        guard trace.cellCount == board.geometry.cellCount else {
            throw SetupError("the trace has \(trace.cellCount) cells; board '\(board.name)' has \(board.geometry.cellCount); give the board it was recorded on with --board")
        }
        let storage = TraceStorage(trace)
        let link = assembly.makeLink()
        guard var events = link.events.takeConsumer(), var snapshots = link.snapshots.takeReader() else {
            throw SetupError("the replay's loop link was already in use")
        }
        let first = keepTimes ? 0 : trace.timesMicros[0]
        let loop = assembly.makeLoop(
            source: TraceFrameSource(trace: storage.view, calibrations: assembly.calibration.tables, startMicros: trace.timesMicros[0] - first),
            line: SimulatedHapticLine(), link: link, zeros: zeros)
        // The manual clock stands at each tick's time, so the (simulated) line acts in its period.
        var clock = ManualClock()
        func drain() {
            while let event = events.pop() { handle(event) }
            frame(snapshots.latest().force)
        }
        if menuShortcuts > 0 {
            var menu = assembly.settings.quickActions
            menu.enabled = menu.enabled && board.geometry.cellCount > 1
            let catalog = assembly.patterns
            _ = link.commands.push(LoopCommandEnvelope(sequence: 1, command: .setQuickActions(
                menu, shown: menuShortcuts, opened: catalog.id(named: "menu"), tick: catalog.id(named: "tick"))))
        }
        /// The tick times: the rows' own (a recording), or every period over the trace.
        let tickCount = keepTimes ? trace.rowCount : Int(trace.durationMicros / loop.periodMicros) + 1
        var time: Int64 = 0
        for tick in 0..<tickCount {
            if tick == tareAtRow { _ = link.commands.push(LoopCommandEnvelope(sequence: 2, command: .tare)) }
            time = keepTimes ? trace.timesMicros[tick] - first : Int64(tick) * loop.periodMicros
            clock.sleep(untilMicros: time)
            link.ask(.snapshot)
            loop.tick(atMicros: time, clock: clock, originMicros: 0)
            drain()
        }
        let end = time + 1_000_000
        while snapshots.latest().hapticPlaying && time < end {
            time += loop.periodMicros
            clock.sleep(untilMicros: time)
            link.ask(.snapshot)
            loop.tick(atMicros: time, clock: clock, originMicros: 0)
            drain()
        }
        withExtendedLifetime(storage) {}
    }
}
