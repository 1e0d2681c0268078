import ForcePadCore
import ForcePadHAL
import ForcePadShell
import Logging
import Synchronization

/// Takes the loop's events off its ring and shows them: press and haptic events on the
/// console in the shell's current mode, diagnostics in the log. Draining is serialised by a
/// lock (the ring has one consumer at a time): a background thread drains every few
/// milliseconds, and the shell drains before each answer so events print in order with it.
final class EventPrinter: Sendable {
    private let link: LoopLink
    private let formatter: EventFormatter
    private let output: ConsoleOutput
    private let mode: SharedOutputMode
    private let logger: Logger
    private let draining = Mutex(())
    /// Whether the background thread may print (off while an interactive shell shows its
    /// input line: the shell then takes the lines and prints them above it).
    let printsInBackground = Atomic<Bool>(true)

    private let menuSlots: MenuSlots
    /// Gets a copy of every event, for a recording in progress.
    private let tap: EventTap

    init(
        link: LoopLink, formatter: EventFormatter, output: ConsoleOutput, mode: SharedOutputMode, logger: Logger,
        menuSlots: MenuSlots, tap: EventTap
    ) {
        self.menuSlots = menuSlots
        self.tap = tap
        self.link = link
        self.formatter = formatter
        self.output = output
        self.mode = mode
        self.logger = logger
    }

    /// Prints every event waiting in the ring.
    func drain() {
        draining.withLock { _ in output.write(lines: takeLines()) }
    }

    /// Prints a `shortcut.performed` event (shortcuts run on the shell thread, not in the loop).
    func print(shortcut outcome: ShortcutOutcome, atMicros time: Int64) {
        var fields: [(String, JSONValue)] = [
            ("t_us", .int(time)), ("event", .string("shortcut.performed")), ("type", .string(outcome.type)),
            ("handled", .bool(outcome.handled)),
        ]
        if let error = outcome.error { fields.append(("error", .string(error))) }
        let json = JSONValue.object(fields).rendered()
        let line: String
        switch mode.mode {
        case .json:
            line = json
        case .human:
            line = FixedDecimal.format(time, scale: 3).leftPadded(to: 10) + " ms  shortcut.performed  \(outcome.type) "
                + (outcome.handled ? "handled" : "not handled: \(outcome.error ?? "")")
        }
        tap.take(line: json, atMicros: time)
        draining.withLock { _ in output.write(lines: [line]) }
    }

    /// Returns once every event taken off the ring so far has been handed out (to the
    /// console and the tap): a drain in progress on another thread has finished.
    func settle() {
        draining.withLock { _ in }
    }

    /// Prints waiting events if background printing is on (the background thread's call).
    func drainInBackground() {
        if printsInBackground.load(ordering: .relaxed) { drain() }
    }

    /// Takes every waiting event as lines without printing them (diagnostics are logged).
    func drainLines() -> [String] {
        draining.withLock { _ in takeLines() }
    }

    private func takeLines() -> [String] {
        var lines: [String] = []
        while let event = link.events.pop() {
            if let line = line(for: event) { lines.append(line) } else { log(event) }
            tap.take(event) { formatter.json(event)?.rendered() }
            if case .quickAction(let menu) = event {
                switch menu {
                case .opened:
                    let offered = menuSlots.opened()
                    if mode.mode == .human {
                        lines += offered.enumerated().map { "            \($0.offset + 1)  \($0.element.title)  (\($0.element.type))" }
                    }
                case .performed(_, let slot):
                    menuSlots.performed(slot: slot)
                default:
                    break
                }
            }
        }
        while let edge = link.edges.pop() {
            let json = formatter.json(edge).rendered()
            lines.append(mode.mode == .json ? json : formatter.humanLine(edge))
            tap.take(line: json, atMicros: edge.timeMicros)
        }
        return lines
    }

    private func line(for event: LoopEvent) -> String? {
        switch mode.mode {
        case .human: formatter.humanLine(event)
        case .json: formatter.json(event)?.rendered()
        }
    }

    private func log(_ event: LoopEvent) {
        switch event {
        case .overrun(let at, let missed):
            logger.warning("loop overran: \(missed) period(s) skipped at t=\(at)us")
        case .readFailed(let at, let errno):
            logger.error("frame read failed at t=\(at)us: \(ErrnoText.describe(errno))")
        case .hapticLineFailed(let at, let errno):
            logger.error("haptic line could not be driven at t=\(at)us: \(ErrnoText.describe(errno))")
        case .simulationRefused(let sequence):
            logger.error("command \(sequence) was for the simulated pad, which this board does not have")
        case .press, .haptic, .quickAction, .sensorLost, .sensorRestored:
            break
        }
    }
}
