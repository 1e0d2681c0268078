import ForcePadCore

extension EventPrinter {
    /// The console line and the JSON line of a stop of the test stand (`stand.stopped` with
    /// `reason`, whether it was a fault and `message`).
    func lines(for stop: StandStopReason, atMicros time: Int64) -> (console: String, json: String) {
        let json = JSONValue.object([
            ("t_us", .int(time)), EventFormatter.name(.standStopped), ("reason", .string(stop.name)), ("fault", .bool(stop.isFault)),
            ("message", .string(stop.description)),
        ]).rendered()
        let text = "\(EventFormatter.column(.standStopped))\(stop.description)"
        return (mode.mode == .json ? json : FixedDecimal.format(time, scale: 3).leftPadded(to: 10) + " ms  " + text, json)
    }
}
