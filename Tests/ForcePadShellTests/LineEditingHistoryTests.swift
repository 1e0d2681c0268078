import ForcePadShell
import Testing

@Suite struct LineEditingHistoryTests {
    private static let escape = "\u{1B}"

    private func submit(_ lines: [String], to editor: inout LineEditor) {
        for line in lines {
            for scalar in line.unicodeScalars { _ = editor.handle(.character(scalar)) }
            _ = editor.handle(.enter)
            _ = editor.showPrompt()
        }
    }

    @Test func submittedLinesAreKeptWithoutBlanksOrRepeats() {
        var editor = LineEditor(prompt: "> ")
        submit(["status", "help", "help", "", "   ", "status"], to: &editor)
        #expect(editor.history.entries == ["status", "help", "status"])
    }

    @Test func theOldestEntriesGoWhenTheHistoryIsFull() {
        var history = LineHistory(capacity: 3)
        for line in ["a", "b", "c", "d", "e"] { history.add(line) }
        #expect(history.entries == ["c", "d", "e"])
        #expect(LineHistory().capacity == 100)
    }

    @Test func linesWithControlCharactersAreNotKept() {
        let history = LineHistory(entries: ["ok", "two\nlines", "bell\u{7}", "c1\u{85}", "tab\tok"])
        #expect(history.entries == ["ok", "tab\tok"])
    }

    @Test func upAndDownWalkTheHistoryAndGiveBackTheLineBeingTyped() {
        var editor = LineEditor(prompt: "> ", history: LineHistory(entries: ["status", "help"]))
        _ = editor.showPrompt()
        for scalar in "thr".unicodeScalars { _ = editor.handle(.character(scalar)) }
        let firstUp = editor.handle(.up)
        #expect(editor.buffer.text == "help")
        #expect(editor.buffer.cursor == 4)
        #expect(String(decoding: firstUp.bytes, as: UTF8.self) == "\(Self.escape)[3Dhelp")
        _ = editor.handle(.up)
        #expect(editor.buffer.text == "status")
        #expect(editor.handle(.up).operations == [.bell])
        #expect(editor.buffer.text == "status")
        _ = editor.handle(.down)
        #expect(editor.buffer.text == "help")
        _ = editor.handle(.down)
        #expect(editor.buffer.text == "thr")
        #expect(editor.buffer.cursor == 3)
        #expect(editor.handle(.down).operations == [.bell])
    }

    @Test func upWithAnEmptyHistoryRingsTheBell() {
        var editor = LineEditor(prompt: "> ")
        _ = editor.showPrompt()
        #expect(editor.handle(.up).operations == [.bell])
    }

    @Test func editingARecalledEntryMakesItTheLineBeingTyped() {
        var editor = LineEditor(prompt: "> ", history: LineHistory(entries: ["status", "help"]))
        _ = editor.showPrompt()
        _ = editor.handle(.up)
        _ = editor.handle(.up)
        _ = editor.handle(.character("!"))
        #expect(editor.buffer.text == "status!")
        _ = editor.handle(.up)
        #expect(editor.buffer.text == "help")
        _ = editor.handle(.down)
        #expect(editor.buffer.text == "status!")
        #expect(editor.history.entries == ["status", "help"])
    }

    @Test func movingTheCursorKeepsBrowsing() {
        var editor = LineEditor(prompt: "> ", history: LineHistory(entries: ["status", "help"]))
        _ = editor.showPrompt()
        _ = editor.handle(.up)
        _ = editor.handle(.left)
        _ = editor.handle(.up)
        #expect(editor.buffer.text == "status")
    }

    @Test func entriesLongerThanTheLineLimitAreLeftOut() {
        let editor = LineEditor(prompt: "> ", maxLineBytes: 4, history: LineHistory(entries: ["help", "status"], capacity: 7))
        #expect(editor.history.entries == ["help"])
        #expect(editor.history.capacity == 7)
    }

    @Test func historyTextIsOneEntryPerLine() {
        #expect(HistoryText.encode(["status", "threshold peek 150g", "é"]) == "status\nthreshold peek 150g\né\n")
        #expect(HistoryText.encode([]) == "")
    }

    @Test func historyTextLeavesOutEntriesThatWouldNotReadBack() {
        #expect(HistoryText.encode(["a", "two\nlines", "cr\r", "", "b"]) == "a\nb\n")
    }

    @Test func historyTextReadsLFAndCRLFAndSkipsDamagedLines() {
        #expect(HistoryText.decode("status\r\nhelp\n\n  \nesc\u{1B}[A\nlast") == ["status", "help", "last"])
    }

    @Test func historyTextRoundTrips() {
        let entries = ["status", "shortcut add lab.tare \"Tare all\" tare", "sim press 150g for 300ms", "ünïcode"]
        let history = LineHistory(entries: HistoryText.decode(HistoryText.encode(entries)))
        #expect(history.entries == entries)
    }
}
