import ForcePadShell
import Testing

/// Completes command names as the first word and a few arguments after them, like the
/// shell's command table would.
private struct CommandWordCompletion: CompletionProvider {
    func completions(precedingWords: [String], partialWord: String) -> [String] {
        let words: [String] =
            switch precedingWords {
            case []: ["help", "status", "sim", "shortcut", "threshold", "preset", "press"]
            case ["threshold"]: ["touch", "peek", "pop"]
            case ["sim"]: ["press", "release", "play"]
            default: []
            }
        return words.filter { $0.hasPrefix(partialWord) }
    }
}

/// Answers with words that do not start with the partial word, and repeats.
private struct CarelessCompletion: CompletionProvider {
    func completions(precedingWords: [String], partialWord: String) -> [String] {
        ["status", "help", "status"]
    }
}

@Suite struct LineEditingCompletionTests {
    private static let escape = "\u{1B}"

    private func editor(_ text: String, provider: (any CompletionProvider)? = CommandWordCompletion()) -> LineEditor {
        var editor = LineEditor(prompt: "forcepad> ", completionProvider: provider)
        _ = editor.showPrompt()
        for scalar in text.unicodeScalars { _ = editor.handle(.character(scalar)) }
        return editor
    }

    private func bytes(_ response: LineEditorResponse) -> String {
        String(decoding: response.bytes, as: UTF8.self)
    }

    @Test func oneCandidateCompletesTheWordAndAddsASpace() {
        var editor = editor("st")
        #expect(bytes(editor.handle(.tab)) == "atus ")
        #expect(editor.buffer.text == "status ")
        #expect(editor.buffer.cursor == 7)
    }

    @Test func theWordsBeforeTheCursorChooseTheCandidates() {
        var editor = editor("sim  re")
        _ = editor.handle(.tab)
        #expect(editor.buffer.text == "sim  release ")
    }

    @Test func severalCandidatesCompleteTheirCommonPrefix() {
        var editor = editor("pr")
        let response = editor.handle(.tab)
        #expect(editor.buffer.text == "pres")
        #expect(bytes(response) == "es")
    }

    @Test func aSecondTabListsTheCandidatesAboveThePrompt() {
        var editor = editor("s")
        #expect(editor.handle(.tab).operations == [.bell])
        #expect(editor.buffer.text == "s")
        let listing = editor.handle(.tab)
        #expect(bytes(listing) == "\r\(Self.escape)[Kshortcut  sim       status\r\nforcepad> s")
        #expect(editor.buffer.text == "s")
        #expect(editor.handle(.tab).operations.contains(.text("shortcut  sim       status")))
    }

    @Test func aTabAfterExtendingThePrefixLists() {
        var editor = editor("threshold p")
        #expect(editor.handle(.tab).operations == [.bell])
        #expect(bytes(editor.handle(.tab)) == "\r\(Self.escape)[Kpeek  pop\r\nforcepad> threshold p")
        var extended = self.editor("pr")
        _ = extended.handle(.tab)
        #expect(bytes(extended.handle(.tab)) == "\r\(Self.escape)[Kpreset  press\r\nforcepad> pres")
    }

    @Test func anotherKeyBetweenTabsStartsOver() {
        var editor = editor("s")
        _ = editor.handle(.tab)
        _ = editor.handle(.ignored)
        #expect(editor.handle(.tab).operations == [.bell])
    }

    @Test func theListingWrapsIntoRowsThatFitTheTerminal() {
        var editor = LineEditor(prompt: "> ", completionProvider: CommandWordCompletion(), columns: 24)
        _ = editor.showPrompt()
        _ = editor.handle(.tab)
        let listing = editor.handle(.tab)
        #expect(listing.operations == [
            .carriageReturn, .eraseToEndOfLine,
            .text("help       preset"), .lineBreak,
            .text("press      shortcut"), .lineBreak,
            .text("sim        status"), .lineBreak,
            .text("threshold"), .lineBreak,
            .text("> "),
        ])
    }

    @Test func noCandidateRingsTheBell() {
        var editor = editor("xyz")
        #expect(editor.handle(.tab).operations == [.bell])
        #expect(editor.buffer.text == "xyz")
    }

    @Test func withoutAProviderTabRingsTheBell() {
        var editor = editor("st", provider: nil)
        #expect(editor.handle(.tab).operations == [.bell])
    }

    @Test func candidatesNotMatchingThePartialWordAndRepeatsAreDropped() {
        var editor = editor("st", provider: CarelessCompletion())
        _ = editor.handle(.tab)
        #expect(editor.buffer.text == "status ")
    }

    @Test func aCompletionThatWouldOverflowTheLineRingsTheBell() {
        var editor = LineEditor(prompt: "> ", maxLineBytes: 5, completionProvider: CommandWordCompletion())
        _ = editor.showPrompt()
        for scalar in "st".unicodeScalars { _ = editor.handle(.character(scalar)) }
        #expect(editor.handle(.tab).operations == [.bell])
        #expect(editor.buffer.text == "st")
    }
}
