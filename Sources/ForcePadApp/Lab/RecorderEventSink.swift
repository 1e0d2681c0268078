import ForcePadHAL

/// The recorder's sink: every event as the JSON line of the contract into the ``EventTap``
/// (kept only while a capture runs), and the trial's notice of a press a missed loop period
/// cost, as a warning line.
struct RecorderEventSink: EventSink {
    let tap: EventTap
    let printer: EventPrinter
    /// Gives the loop's time for the notice's warning line.
    let link: LoopLink

    func take(_ event: PumpedEvent) -> [String] {
        switch event {
        case .loop(let event, let reference, let crossing):
            guard let notice = tap.take(event, line: { printer.json(event, reference: reference, crossing: crossing) }) else { return [] }
            return [WarningText.line(notice, source: "trial", mode: printer.mode.mode, atMicros: link.loopMicrosNow())]
        case .edge(let edge):
            tap.take(line: printer.lines(for: edge).json, atMicros: edge.timeMicros)
        case .referenceHealth(let report, let time):
            tap.take(line: printer.lines(for: report, atMicros: time).json, atMicros: time)
        case .shortcut(let outcome, let time):
            tap.take(line: printer.lines(for: outcome, atMicros: time).json, atMicros: time)
        case .referenceSample(let sample):
            tap.take(reference: sample)
        case .accelerationSample(let sample):
            tap.take(acceleration: sample)
        case .felt(let felt):
            tap.take(line: printer.lines(for: felt).json, atMicros: felt.stageMicros)
        case .accelerometerHealth(let report, let time):
            tap.take(line: printer.lines(for: report, atMicros: time).json, atMicros: time)
        case .standSample(let sample):
            tap.take(line: EventFormatter.json(sample).rendered(), atMicros: sample.timeMicros)
        case .standStopped(let stop, let time):
            tap.take(line: printer.lines(for: stop, atMicros: time).json, atMicros: time)
        case .force:
            break
        }
        return []
    }
}
