import FoundationEssentials

/// A recording's `events.jsonl` read back: one event a line, every line an event ForcePad can
/// read (``RecordedEvent``), and time running forward, for the loop's events and for the
/// reference sensor's readings each (the two are written as they arrive, so one may be a few
/// periods behind the other). A refusal names the file, the line and the fix.
public enum RecordedEventsFile {
    /// Largest events file read (bytes), as for a trace.
    public static let maxBytes = 256 << 20

    /// The events of `text`, the contents of the file at `path` (which names it in errors).
    /// With `wholeLinesOnly` (a recording cut short), text after the last line end is the
    /// torn last line and is left out. A line that holds `"event":"NAME"` for a name in
    /// `passingOver` is passed over unread (neither kept nor checked): counting a long run's
    /// presses need not decode its millions of readings.
    public static func parse(
        _ text: String, path: String, wholeLinesOnly: Bool, passingOver: [String] = []
    ) throws(LabFileError) -> [RecordedEvent] {
        let fix = "restore it from a copy, or replay \(CaptureInfo.folder(of: path))/frames.csv as a trace"
        let lines = try LabFileLines.split(text, path: path, maxBytes: maxBytes, wholeLinesOnly: wholeLinesOnly, fix: fix)
        let passed = passingOver.map { Array("\"event\":\"\($0)\"".utf8) }
        var events: [RecordedEvent] = []
        var lastLoop: (time: Int64, line: Int)?
        var lastReading: (time: Int64, line: Int)?
        let decoder = JSONDecoder()
        for (index, bytes) in lines.enumerated() where !bytes.isEmpty {
            if passed.contains(where: { bytes.firstRange(of: $0) != nil }) { continue }
            let number = index + 1
            let event: RecordedEvent
            switch RecordedEvent.read(String(decoding: bytes, as: UTF8.self), with: decoder) {
            case .success(let read): event = read
            case .failure(let problem):
                throw LabFileError(file: path, line: number, message: "not an event line ForcePad can read (\(problem.what)); \(fix)")
            }
            let isReading = event.event == RecordedEvent.referenceSample
            if event.isLoopEvent || isReading {
                let previous = isReading ? lastReading : lastLoop
                if let previous, event.timeMicros < previous.time {
                    let what = isReading ? "reference reading" : "loop event"
                    throw LabFileError(
                        file: path, line: number,
                        message: "t_us \(event.timeMicros) is before the \(what) of line \(previous.line) (\(previous.time)); \(what)s are written in time order: \(fix)")
                }
                if isReading { lastReading = (event.timeMicros, number) } else { lastLoop = (event.timeMicros, number) }
            }
            events.append(event)
        }
        return events
    }
}
