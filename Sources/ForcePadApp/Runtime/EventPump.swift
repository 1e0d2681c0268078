import ForcePadCore
import ForcePadHAL
import Synchronization

/// The one consumer of the loop's event ring and of the edge watcher's ring. It pops each
/// event once and hands it to everyone who needs it, in order: the recorder (``EventTap``),
/// the pad's menu (``MenuSlots``) and the console (through ``EventPrinter``).
///
/// A background thread pumps every few milliseconds; the shell pumps before each answer so
/// events print in order with it, and the recorder pumps once the loop has moved past its
/// last frame. Pumping is serialised by the lock that owns the rings' consumer handles.
/// While an interactive shell shows its input line, console lines wait (at most
/// ``maxWaitingLines``) until it takes them; the recorder and the menu get every event at once.
final class EventPump: Sendable {
    private struct Channels: ~Copyable {
        var events: SPSCRingConsumer<LoopEvent>
        var edges: SPSCRingConsumer<HapticEdgeEvent>
        /// Console lines waiting for the interactive shell, oldest first.
        var waitingLines: [String] = []
        /// Lines dropped because the shell did not take them in time.
        var droppedLines = 0
    }

    private let channels: PosixMutex<Channels>
    private let printer: EventPrinter
    private let output: ConsoleOutput
    private let menuSlots: MenuSlots
    private let tap: EventTap
    /// The board's DRV2605L stages, following press and sensor events; nil without a driver.
    let driverStages: HapticDriverStages?
    /// Whether pumped lines print at once (true), or wait for ``takeLines()`` because an
    /// interactive shell is showing its input line.
    let printsAtOnce = Atomic<Bool>(true)
    /// Set to end the background thread that pumps (``LoopRuntime``'s); read by that thread.
    let stopRequested = Atomic<Bool>(false)
    /// Most console lines kept for the interactive shell; older ones are dropped and counted.
    static let maxWaitingLines = 4096

    /// Takes the consumer handles of `link`'s event and edge rings; nil if another consumer has them.
    init?(
        link: LoopLink, printer: EventPrinter, output: ConsoleOutput, menuSlots: MenuSlots, tap: EventTap,
        driverStages: HapticDriverStages? = nil
    ) {
        self.driverStages = driverStages
        guard let events = link.events.takeConsumer() else { return nil }
        guard let edges = link.edges.takeConsumer() else { return nil }
        channels = PosixMutex(Channels(events: events, edges: edges))
        self.printer = printer
        self.output = output
        self.menuSlots = menuSlots
        self.tap = tap
    }

    /// Takes every waiting event: the recorder and the menu get them, and their console lines
    /// print (or wait for the interactive shell).
    func pump() {
        channels.withLock { channels in deliver(take(&channels), in: &channels) }
    }

    /// Pumps, then returns the console lines waiting for the interactive shell (with a note
    /// when some were dropped) without printing them.
    func takeLines() -> [String] {
        channels.withLock { channels in
            keep(take(&channels), in: &channels)
            return takeWaiting(&channels)
        }
    }

    /// Prints a `shortcut.performed` event in order with the loop's events.
    func report(_ outcome: ShortcutOutcome, atMicros time: Int64) {
        let lines = printer.lines(for: outcome, atMicros: time)
        channels.withLock { channels in
            let earlier = take(&channels)
            tap.take(line: lines.json, atMicros: time)
            deliver(earlier + [lines.console], in: &channels)
        }
    }

    /// Prints `lines` after those waiting, or keeps them while the interactive shell shows
    /// its input line.
    private func deliver(_ lines: [String], in channels: inout Channels) {
        keep(lines, in: &channels)
        if printsAtOnce.load(ordering: .relaxed) { output.write(lines: takeWaiting(&channels)) }
    }

    /// The waiting lines, after a note when some were dropped; none wait afterwards.
    private func takeWaiting(_ channels: inout Channels) -> [String] {
        var lines = channels.waitingLines
        channels.waitingLines.removeAll()
        if channels.droppedLines > 0 {
            lines.insert("warning: \(channels.droppedLines) event lines were dropped while the console was busy", at: 0)
            channels.droppedLines = 0
        }
        return lines
    }

    private func keep(_ lines: [String], in channels: inout Channels) {
        channels.waitingLines += lines
        let excess = channels.waitingLines.count - Self.maxWaitingLines
        if excess > 0 {
            channels.waitingLines.removeFirst(excess)
            channels.droppedLines += excess
        }
    }

    private func take(_ channels: inout Channels) -> [String] {
        var lines: [String] = []
        while let event = channels.events.pop() {
            if let line = printer.line(for: event) { lines.append(line) }
            if let failure = driverStages?.follow(event) {
                lines.append("warning: haptic driver: \(failure)")
            }
            tap.take(event) { printer.json(event) }
            if case .quickAction(let menu) = event, let offered = menuSlots.handle(menu) {
                lines += printer.menuLines(offered)
            }
        }
        while let edge = channels.edges.pop() {
            let edgeLines = printer.lines(for: edge)
            lines.append(edgeLines.console)
            tap.take(line: edgeLines.json, atMicros: edge.timeMicros)
        }
        return lines
    }
}
