import ForcePadShell
import Testing

@Suite struct LineEditingEditorTests {
    private static let escape = "\u{1B}"

    private func type(_ text: String, into editor: inout LineEditor) -> String {
        var sent = ""
        for scalar in text.unicodeScalars { sent += bytes(editor.handle(.character(scalar))) }
        return sent
    }

    private func bytes(_ response: LineEditorResponse) -> String {
        String(decoding: response.bytes, as: UTF8.self)
    }

    private func editor(_ text: String = "", maxLineBytes: Int = 1024) -> LineEditor {
        var editor = LineEditor(prompt: "forcepad> ", maxLineBytes: maxLineBytes)
        _ = editor.showPrompt()
        _ = type(text, into: &editor)
        return editor
    }

    @Test func thePromptIsShownOnRequestAndTypingEchoesEachCharacter() {
        var editor = LineEditor(prompt: "forcepad> ")
        #expect(!editor.isPromptShown)
        #expect(bytes(editor.showPrompt()) == "forcepad> ")
        #expect(editor.isPromptShown)
        #expect(bytes(editor.showPrompt()) == "")
        #expect(type("status", into: &editor) == "status")
    }

    @Test func enterSubmitsTheLineAndEndsTheRow() {
        var editor = editor("status")
        let response = editor.handle(.enter)
        #expect(response.event == .submitted("status"))
        #expect(bytes(response) == "\r\n")
        #expect(editor.buffer.text == "")
        #expect(!editor.isPromptShown)
        #expect(bytes(editor.showPrompt()) == "forcepad> ")
    }

    @Test func enterWithTheCursorInsideTheLineSubmitsAllOfIt() {
        var editor = editor("threshold")
        _ = editor.handle(.home)
        let response = editor.handle(.enter)
        #expect(response.event == .submitted("threshold"))
        #expect(bytes(response) == "\(Self.escape)[9C\r\n")
    }

    @Test func anEmptyLineIsSubmittedToo() {
        var editor = editor()
        #expect(editor.handle(.enter).event == .submitted(""))
    }

    @Test func theLineEndingFollowsTheEditorsSetting() {
        var editor = LineEditor(prompt: "> ", lineEnding: .lf)
        _ = editor.showPrompt()
        #expect(editor.handle(.enter).bytes == [0x0A])
    }

    @Test func controlCAbandonsTheLine() {
        var editor = editor("sim press")
        _ = editor.handle(.left)
        let response = editor.handle(.controlC)
        #expect(response.event == .abandoned)
        #expect(bytes(response) == "\(Self.escape)[C^C\r\n")
        #expect(editor.buffer.text == "")
        #expect(editor.history.entries == [])
    }

    @Test func controlDOnAnEmptyLineEndsInputAndOtherwiseDeletesUnderTheCursor() {
        var editor = editor("ab")
        _ = editor.handle(.home)
        let deletion = editor.handle(.controlD)
        #expect(deletion.event == nil)
        #expect(editor.buffer.text == "b")
        #expect(bytes(deletion) == "b\(Self.escape)[K\(Self.escape)[D")
        _ = editor.handle(.controlD)
        let end = editor.handle(.controlD)
        #expect(end.event == .endOfInput)
        #expect(bytes(end) == "\r\n")
    }

    @Test func aFullLineRefusesMoreWithTheBell() {
        var editor = editor("abc", maxLineBytes: 3)
        let response = editor.handle(.character("d"))
        #expect(response.operations == [.bell])
        #expect(response.bytes == [0x07])
        #expect(editor.buffer.text == "abc")
    }

    @Test func editingKeysGiveExactBufferAndCursor() {
        var editor = editor("threshold peek 150g")
        _ = editor.handle(.controlW)
        #expect(editor.buffer.text == "threshold peek ")
        _ = editor.handle(.controlA)
        #expect(editor.buffer.cursor == 0)
        _ = editor.handle(.right)
        _ = editor.handle(.right)
        _ = editor.handle(.controlK)
        #expect(editor.buffer.text == "th")
        _ = editor.handle(.controlE)
        #expect(editor.buffer.cursor == 2)
        _ = type("resh", into: &editor)
        _ = editor.handle(.left)
        _ = editor.handle(.controlU)
        #expect(editor.buffer.text == "h")
        #expect(editor.buffer.cursor == 0)
        _ = editor.handle(.delete)
        #expect(editor.buffer.text == "")
    }

    @Test func editingKeysSendIncrementalUpdates() {
        var editor = editor("abcd")
        #expect(bytes(editor.handle(.left)) == "\(Self.escape)[D")
        #expect(bytes(editor.handle(.backspace)) == "\(Self.escape)[Dd\(Self.escape)[K\(Self.escape)[D")
        #expect(bytes(editor.handle(.end)) == "\(Self.escape)[C")
        #expect(bytes(editor.handle(.controlU)) == "\(Self.escape)[3D\(Self.escape)[K")
    }

    @Test func ignoredKeysSendNothing() {
        var editor = editor("ab")
        let response = editor.handle(.ignored)
        #expect(response.operations == [])
        #expect(response.event == nil)
        #expect(editor.buffer.text == "ab")
    }

    @Test func controlLClearsTheScreenAndRedraws() {
        var editor = editor("status")
        _ = editor.handle(.left)
        #expect(bytes(editor.handle(.controlL)) == "\(Self.escape)[H\(Self.escape)[2Jforcepad> status\(Self.escape)[D")
    }

    @Test func printingAboveKeepsTheLineBeingTyped() {
        var editor = editor("thr")
        _ = editor.handle(.left)
        #expect(bytes(editor.printAbove(["press.began"])) == "\r\(Self.escape)[Kpress.began\r\nforcepad> thr\(Self.escape)[D")
        #expect(editor.buffer.text == "thr")
        #expect(editor.buffer.cursor == 2)
    }

    @Test func printingAboveWhileACommandRunsPrintsOnlyTheLines() {
        var editor = editor("status")
        _ = editor.handle(.enter)
        #expect(bytes(editor.printAbove(["press.began", "press.released"])) == "press.began\r\npress.released\r\n")
    }

    @Test func aChangedPromptIsRedrawnInPlace() {
        var editor = editor()
        editor.prompt = ""
        #expect(bytes(editor.showPrompt()) == "\(Self.escape)[10D\(Self.escape)[K")
    }
}
