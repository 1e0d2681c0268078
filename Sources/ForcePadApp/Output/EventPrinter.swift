import ForcePadCore
import ForcePadHAL
import Logging

/// How loop events look on the console: press and haptic events as lines in the shell's
/// current mode, diagnostics (overruns, read errors) in the log instead, each kind at most
/// once a second of loop time (``LogRateLimiter``).
struct EventPrinter: Sendable {
    let formatter: EventFormatter
    let mode: SharedOutputMode
    let logger: Logger
    private let limiter = LogRateLimiter()

    /// The console line for `event`, or nil for a diagnostic (which is logged). `reference`
    /// is the reference force at a stage's frame (nil: none measured); `crossing` a stage
    /// pulse's crossing→line latency (nil: none measured).
    func line(for event: LoopEvent, reference: Force? = nil, crossing: CrossingToLine? = nil) -> String? {
        let line: String? = switch mode.mode {
        case .human: formatter.humanLine(event, reference: reference, crossing: crossing)
        case .json: formatter.json(event, reference: reference, crossing: crossing)?.rendered()
        }
        if line == nil { log(event) }
        return line
    }

    /// The JSON line of the event contract for `event` (nil for a diagnostic).
    func json(_ event: LoopEvent, reference: Force? = nil, crossing: CrossingToLine? = nil) -> String? {
        formatter.json(event, reference: reference, crossing: crossing)?.rendered()
    }

    /// The console line and the JSON line of a change in the reference sensor's health
    /// (`reference.lost` with its error, `reference.restored`).
    func lines(for report: ReferenceReaderReport, atMicros time: Int64) -> (console: String, json: String) {
        lines(for: report, atMicros: time, lost: .referenceLost, restored: .referenceRestored, meanwhile: "events carry no reference_g until it answers")
    }

    /// The console line and the JSON line of a change in the accelerometer's health
    /// (`accelerometer.lost` with its error, `accelerometer.restored`).
    func lines(for report: AccelerometerReaderReport, atMicros time: Int64) -> (console: String, json: String) {
        lines(for: report, atMicros: time, lost: .accelerometerLost, restored: .accelerometerRestored, meanwhile: "stages are not felt until it answers")
    }

    /// A device's lost (with its error and what goes without it) or restored line.
    private func lines<Failure>(
        for report: DeviceReaderReport<Failure>, atMicros time: Int64, lost: EventName, restored: EventName, meanwhile: String
    ) -> (console: String, json: String) {
        let json: JSONValue
        let text: String
        switch report {
        case .lost(let error):
            json = .object([("t_us", .int(time)), EventFormatter.name(lost), ("error", .string("\(error)"))])
            text = "\(EventFormatter.column(lost))\(error); \(meanwhile)"
        case .restored:
            json = .object([("t_us", .int(time)), EventFormatter.name(restored)])
            text = restored.rawValue
        }
        let rendered = json.rendered()
        return (mode.mode == .json ? rendered : FixedDecimal.format(time, scale: 3).leftPadded(to: 10) + " ms  " + text, rendered)
    }

    /// The console line and the JSON line of a stage's felt click.
    func lines(for felt: HapticFelt) -> (console: String, json: String) {
        let json = formatter.json(felt).rendered()
        return (mode.mode == .json ? json : formatter.humanLine(felt), json)
    }

    /// The console line and the JSON line for a measured haptic edge.
    func lines(for edge: HapticEdgeEvent) -> (console: String, json: String) {
        let json = formatter.json(edge).rendered()
        return (mode.mode == .json ? json : formatter.humanLine(edge), json)
    }

    /// Lines listing the shortcuts the pad's menu offers as it opens (human mode only).
    func menuLines(_ offered: [(type: String, title: String)]) -> [String] {
        guard mode.mode == .human else { return [] }
        return offered.enumerated().map { "            \($0.offset + 1)  \($0.element.title)  (\($0.element.type))" }
    }

    /// The console line and the JSON line of a `shortcut.performed` event (shortcuts run on
    /// the shell thread, not in the loop).
    func lines(for outcome: ShortcutOutcome, atMicros time: Int64) -> (console: String, json: String) {
        var fields: [(String, JSONValue)] = [
            ("t_us", .int(time)), EventFormatter.name(.shortcutPerformed), ("type", .string(outcome.type)),
            ("handled", .bool(outcome.handled)),
        ]
        if let error = outcome.error { fields.append(("error", .string(error))) }
        let json = JSONValue.object(fields).rendered()
        switch mode.mode {
        case .json:
            return (json, json)
        case .human:
            let line = FixedDecimal.format(time, scale: 3).leftPadded(to: 10) + " ms  \(EventName.shortcutPerformed.rawValue)  \(outcome.type) "
                + (outcome.handled ? "handled" : "not handled: \(outcome.error ?? "")")
            return (line, json)
        }
    }

    private func log(_ event: LoopEvent) {
        switch event {
        case .overrun(let at, let missed):
            guard let more = limiter.admit("overrun", atMicros: at) else { return }
            logger.warning("loop overran: \(missed) period(s) skipped at t=\(at)us\(more)")
        case .readFailed(let at, let errno):
            guard let more = limiter.admit("readFailed", atMicros: at) else { return }
            logger.error("frame read failed at t=\(at)us: \(ErrnoText.describe(errno))\(more)")
        case .hapticLineFailed(let at, let errno):
            guard let more = limiter.admit("hapticLineFailed", atMicros: at) else { return }
            logger.error("haptic line could not be driven at t=\(at)us: \(ErrnoText.describe(errno))\(more)")
        case .simulationRefused(let sequence):
            logger.error("command \(sequence) was for the simulated pad, which this board does not have")
        case .press, .haptic, .quickAction, .sensorLost, .sensorRestored:
            break
        }
    }
}
