/// The console's sink: every event as its line in the shell's mode (diagnostics are logged
/// by the printer instead).
struct ConsoleEventSink: EventSink {
    let printer: EventPrinter

    func take(_ event: PumpedEvent) -> [String] {
        switch event {
        case .loop(let event, let reference, let crossing):
            printer.line(for: event, reference: reference, crossing: crossing).map { [$0] } ?? []
        case .edge(let edge): [printer.lines(for: edge).console]
        case .referenceHealth(let report, let time): [printer.lines(for: report, atMicros: time).console]
        case .shortcut(let outcome, let time): [printer.lines(for: outcome, atMicros: time).console]
        case .referenceSample, .accelerationSample, .force, .standSample: []
        case .felt(let felt): [printer.lines(for: felt).console]
        case .accelerometerHealth(let report, let time): [printer.lines(for: report, atMicros: time).console]
        case .standStopped(let stop, let time): [printer.lines(for: stop, atMicros: time).console]
        }
    }
}
