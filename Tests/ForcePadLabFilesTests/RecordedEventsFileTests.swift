import ForcePadLabFiles
import Testing

/// `events.jsonl` read back: each line an event with its numbers in range, loop events and
/// reference readings each in time order; a refusal names the file and the line.
@Suite struct RecordedEventsFileTests {
    static let path = "/state/recordings/t1/events.jsonl"
    static let fix = "restore it from a copy, or replay /state/recordings/t1/frames.csv as a trace"

    static func parse(_ lines: [String], wholeLinesOnly: Bool = false) throws(LabFileError) -> [RecordedEvent] {
        try RecordedEventsFile.parse(lines.map { $0 + "\n" }.joined(), path: path, wholeLinesOnly: wholeLinesOnly)
    }

    @Test func aReferenceReadingMayBeWrittenAfterLaterLoopEvents() throws {
        // The reference reader's thread hands its readings over a few periods late.
        let events = try Self.parse([
            #"{"t_us":1000,"event":"press.began","force_g":25,"x":0.5}"#,
            #"{"t_us":900,"event":"reference.sample","reference_g":-0.5}"#,
            #"{"t_us":2000,"event":"press.released","stage":"touch"}"#,
            #"{"t_us":1100,"event":"reference.sample","reference_g":30}"#,
        ])
        #expect(events.map(\.timeMicros) == [1000, 900, 2000, 1100])
    }

    /// Counting a long run's presses passes its readings over unread: they are neither kept
    /// nor checked, and the lines read keep their own numbers in a refusal.
    @Test func eventsPassedOverAreNeitherKeptNorChecked() throws {
        let lines = [
            #"{"t_us":900,"event":"reference.sample","reference_g":"not a number"}"#,
            #"{"t_us":1000,"event":"press.began","force_g":25,"x":0.5}"#,
            #"{"t_us":1500,"event":"stand.sample","travel_mm":2.5}"#,
            #"{"t_us":2000,"event":"press.released","stage":"touch"}"#,
        ]
        let text = lines.map { $0 + "\n" }.joined()
        let read = try RecordedEventsFile.parse(text, path: Self.path, wholeLinesOnly: false, passingOver: ["reference.sample", "stand.sample"])
        #expect(read.map(\.event) == ["press.began", "press.released"])
        #expect(throws: LabFileError.self) { try Self.parse(lines) }
        let refusal = try #require(throws: LabFileError.self) {
            try RecordedEventsFile.parse(text + "{\n", path: Self.path, wholeLinesOnly: false, passingOver: ["reference.sample"])
        }
        #expect(refusal.line == 5)
    }

    @Test func aLoopEventBeforeThePreviousOneIsRefusedWithItsLine() {
        let refusal = LabFileError(
            file: Self.path, line: 3,
            message: "t_us 500 is before the loop event of line 1 (1000); loop events are written in time order: \(Self.fix)")
        #expect(throws: refusal) {
            try Self.parse([
                #"{"t_us":1000,"event":"press.began","force_g":25}"#, #"{"t_us":400,"event":"reference.sample","reference_g":1}"#,
                #"{"t_us":500,"event":"press.released","stage":"touch"}"#,
            ])
        }
    }

    @Test(arguments: [
        (#"{"t_us":-1,"event":"press.began"}"#, "key t_us: -1 µs is out of range; allowed: 0 µs…10000000000000000 µs"),
        (#"{"t_us":1,"event":"haptic.on","line_us":9223372036854775807}"#, "key line_us: 9223372036854775807 µs is out of range; allowed: 0 µs…10000000000000000 µs"),
        (#"{"t_us":1,"event":"press.peek","force_g":1e300}"#, "key force_g: 1e+300 g is out of range; allowed: -1000000.0 g…1000000.0 g"),
        (#"{"t_us":1,"event":"menu.selected","slot":-9}"#, "key slot: -9 is out of range; allowed: 0…4"),
        (#"{"t_us":1}"#, "key event is missing"),
        (#"[1,2]"#, "not an event object"),
        (#"{"t_us":1,"#, "not valid JSON"),
    ])
    func aLineThatIsNotAnEventIsRefusedWithItsLineAndKey(line: String, what: String) {
        let refusal = LabFileError(file: Self.path, line: 2, message: "not an event line ForcePad can read (\(what)); \(Self.fix)")
        #expect(throws: refusal) { try Self.parse([#"{"t_us":0,"event":"press.began"}"#, line]) }
    }

    @Test func theTornLastLineOfARecordingCutShortIsLeftOut() throws {
        let text = #"{"t_us":0,"event":"press.began"}"# + "\n" + #"{"t_us":5,"ev"#
        #expect(try RecordedEventsFile.parse(text, path: Self.path, wholeLinesOnly: true).count == 1)
        #expect(throws: LabFileError.self) { try RecordedEventsFile.parse(text, path: Self.path, wholeLinesOnly: false) }
    }
}
