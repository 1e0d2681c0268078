import ForcePadShell
import Testing

/// Exact bytes sent for typical edits: the renderer must send only what changed.
@Suite struct LineEditingRendererTests {
    private static let escape = "\u{1B}"

    /// A renderer already showing `prompt` and `line` with the cursor at `cursor`.
    private func renderer(prompt: String = "> ", _ line: String, cursor: Int? = nil, columns: Int = 80) -> TerminalRenderer {
        var renderer = TerminalRenderer(columns: columns)
        let scalars = Array(line.unicodeScalars)
        _ = renderer.update(prompt: prompt, line: scalars, cursor: cursor ?? scalars.count)
        return renderer
    }

    private func bytes(_ operations: [TerminalOperation]) -> String {
        String(decoding: TerminalOperation.encode(operations, lineEnding: .crlf), as: UTF8.self)
    }

    private func update(_ renderer: inout TerminalRenderer, _ line: String, cursor: Int? = nil) -> String {
        let scalars = Array(line.unicodeScalars)
        return bytes(renderer.update(prompt: "> ", line: scalars, cursor: cursor ?? scalars.count))
    }

    @Test func theFirstDrawWritesPromptAndLineAndPlacesTheCursor() {
        var renderer = TerminalRenderer()
        #expect(bytes(renderer.update(prompt: "forcepad> ", line: Array("stat".unicodeScalars), cursor: 1))
            == "forcepad> stat\(Self.escape)[3D")
        #expect(renderer.isLineShown)
    }

    @Test func typingAtTheEndSendsJustThatCharacter() {
        var renderer = renderer("ab")
        let operations = renderer.update(prompt: "> ", line: Array("abc".unicodeScalars), cursor: 3)
        #expect(operations == [.text("c")])
        #expect(TerminalOperation.encode(operations, lineEnding: .crlf) == [UInt8(ascii: "c")])
    }

    @Test func typingInTheMiddleRewritesTheRestAndMovesBack() {
        var renderer = renderer("abc", cursor: 1)
        #expect(update(&renderer, "aXbc", cursor: 2) == "Xbc\(Self.escape)[2D")
    }

    @Test func backspaceAtTheEndMovesLeftAndErases() {
        var renderer = renderer("abc")
        #expect(update(&renderer, "ab") == "\(Self.escape)[D\(Self.escape)[K")
    }

    @Test func backspaceInTheMiddleRewritesErasesAndMovesBack() {
        var renderer = renderer("abcd", cursor: 2)
        #expect(update(&renderer, "acd", cursor: 1) == "\(Self.escape)[Dcd\(Self.escape)[K\(Self.escape)[2D")
    }

    @Test func cursorMovesAreSingleEscapeSequences() {
        var renderer = renderer("abcd")
        #expect(update(&renderer, "abcd", cursor: 3) == "\(Self.escape)[D")
        #expect(update(&renderer, "abcd", cursor: 0) == "\(Self.escape)[3D")
        #expect(update(&renderer, "abcd", cursor: 4) == "\(Self.escape)[4C")
        #expect(update(&renderer, "abcd", cursor: 4) == "")
    }

    @Test func killingToTheEndJustErases() {
        var renderer = renderer("abcd", cursor: 2)
        #expect(update(&renderer, "ab", cursor: 2) == "\(Self.escape)[K")
    }

    @Test func replacingTheLineRewritesFromTheFirstDifference() {
        var renderer = renderer("status")
        #expect(update(&renderer, "help") == "\(Self.escape)[6Dhelp\(Self.escape)[K")
        #expect(update(&renderer, "helpful") == "ful")
    }

    @Test func aLongLineScrollsByHalfAWidthAndKeepsThePrompt() {
        var renderer = TerminalRenderer(columns: 20)
        #expect(bytes(renderer.update(prompt: "> ", line: [], cursor: 0)) == "> ")
        var line: [Unicode.Scalar] = []
        var sent: [String] = []
        for scalar in "abcdefghijklmnopqrs".unicodeScalars {
            line.append(scalar)
            sent.append(bytes(renderer.update(prompt: "> ", line: line, cursor: line.count)))
        }
        #expect(sent.prefix(17).allSatisfy { $0.count == 1 })
        #expect(sent[17] == "\(Self.escape)[17Dklmnopqr\(Self.escape)[K")
        #expect(sent[18] == "s")
        line.removeAll()
        #expect(bytes(renderer.update(prompt: "> ", line: line, cursor: 0)) == "\(Self.escape)[9D\(Self.escape)[K")
    }

    @Test func finishingMovesToTheEndAndBreaksTheLine() {
        var renderer = renderer("abc", cursor: 1)
        #expect(bytes(renderer.finishLine()) == "\(Self.escape)[2C\r\n")
        #expect(!renderer.isLineShown)
        #expect(bytes(renderer.update(prompt: "> ", line: [], cursor: 0)) == "> ")
    }

    @Test func finishingWithAMarkerWritesItAtTheEnd() {
        var renderer = renderer("abc")
        #expect(bytes(renderer.finishLine(marker: "^C")) == "^C\r\n")
    }

    @Test func clearingTheScreenRedrawsEverything() {
        var renderer = renderer("abc", cursor: 1)
        let operations = renderer.redraw(prompt: "> ", line: Array("abc".unicodeScalars), cursor: 1, clearingScreen: true)
        #expect(bytes(operations) == "\(Self.escape)[H\(Self.escape)[2J> abc\(Self.escape)[2D")
    }

    @Test func theLineEndingIsConfigurable() {
        #expect(TerminalOperation.encode([.text("a"), .lineBreak], lineEnding: .crlf) == Array("a\r\n".utf8))
        #expect(TerminalOperation.encode([.text("a"), .lineBreak], lineEnding: .lf) == Array("a\n".utf8))
        #expect(TerminalOperation.encode([.bell, .carriageReturn, .eraseToEndOfLine], lineEnding: .lf) == [0x07, 0x0D, 0x1B, 0x5B, 0x4B])
        #expect(LineEnding.crlf.text == "\r\n")
        #expect(LineEnding.lf.text == "\n")
    }

    @Test func printingAboveErasesTheRowPrintsAndRedrawsWithTheCursorInPlace() {
        var renderer = renderer(prompt: "forcepad> ", "thr", cursor: 1)
        let operations = renderer.printAbove(
            ["press.began 152.000 g", "haptic.on peek"], prompt: "forcepad> ", line: Array("thr".unicodeScalars), cursor: 1)
        #expect(operations == [
            .carriageReturn, .eraseToEndOfLine, .text("press.began 152.000 g"), .lineBreak, .text("haptic.on peek"),
            .lineBreak, .text("forcepad> thr"), .cursorBackward(2),
        ])
        #expect(bytes(operations) == "\r\(Self.escape)[Kpress.began 152.000 g\r\nhaptic.on peek\r\nforcepad> thr\(Self.escape)[2D")
    }

    @Test func printingAboveWhileNoPromptIsShownPrintsJustTheLines() {
        var renderer = renderer("status")
        _ = renderer.finishLine()
        let operations = renderer.printAbove(["sensor.lost"], prompt: "> ", line: [], cursor: 0)
        #expect(bytes(operations) == "sensor.lost\r\n")
        #expect(!renderer.isLineShown)
    }
}
