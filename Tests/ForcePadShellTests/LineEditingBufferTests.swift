import ForcePadShell
import Testing

@Suite struct LineEditingBufferTests {
    private func buffer(_ text: String, cursor: Int? = nil, maxBytes: Int = 1024) -> LineBuffer {
        var buffer = LineBuffer(maxBytes: maxBytes)
        let accepted = buffer.insert(text.unicodeScalars)
        #expect(accepted)
        if let cursor {
            buffer.moveToStart()
            for _ in 0..<cursor { buffer.moveRight() }
        }
        return buffer
    }

    @Test func insertingInTheMiddlePutsTheCursorAfterTheInsertion() {
        var line = buffer("abc", cursor: 1)
        let accepted = line.insert("XY".unicodeScalars)
        #expect(accepted)
        #expect(line.text == "aXYbc")
        #expect(line.cursor == 3)
    }

    @Test func theDefaultLimitIsTheShellsLineLimit() {
        #expect(LineBuffer().maxBytes == CommandLineTokenizer.maxLineBytes)
    }

    @Test func insertionPastTheByteLimitIsRefusedWhole() {
        var line = buffer("abc", maxBytes: 4)
        let accepted = ["é", "de", "d", "e"].map { line.insert($0.unicodeScalars) }
        #expect(accepted == [false, false, true, false])
        #expect(line.text == "abcd")
        #expect(line.byteCount == 4)
    }

    @Test func byteCountIsUTF8AndFollowsDeletions() {
        var line = buffer("aé€")
        #expect(line.byteCount == 6)
        line.deleteBackward()
        #expect(line.byteCount == 3)
        #expect(line.text == "aé")
    }

    @Test func backspaceAndDeleteRemoveOneScalarAroundTheCursor() {
        var line = buffer("abcd", cursor: 2)
        line.deleteBackward()
        #expect(line.text == "acd")
        #expect(line.cursor == 1)
        line.deleteForward()
        #expect(line.text == "ad")
        #expect(line.cursor == 1)
    }

    @Test func deletingPastTheEndsChangesNothing() {
        var start = buffer("ab", cursor: 0)
        start.deleteBackward()
        #expect(start.text == "ab")
        var end = buffer("ab")
        end.deleteForward()
        #expect(end.text == "ab")
        #expect(end.cursor == 2)
    }

    @Test func cursorMovesStopAtTheEnds() {
        var line = buffer("ab")
        line.moveRight()
        #expect(line.cursor == 2)
        line.moveToStart()
        line.moveLeft()
        #expect(line.cursor == 0)
        line.moveToEnd()
        #expect(line.cursor == 2)
    }

    @Test func deleteToEndKeepsTheStart() {
        var line = buffer("threshold peek", cursor: 9)
        line.deleteToEnd()
        #expect(line.text == "threshold")
        #expect(line.cursor == 9)
    }

    @Test func deleteToStartKeepsTheEnd() {
        var line = buffer("threshold peek", cursor: 10)
        line.deleteToStart()
        #expect(line.text == "peek")
        #expect(line.cursor == 0)
        #expect(line.byteCount == 4)
    }

    @Test func deleteWordBackwardTakesTheWordAndTheSpacesAfterIt() {
        var line = buffer("sim press  200g")
        line.deleteWordBackward()
        #expect(line.text == "sim press  ")
        #expect(line.cursor == 11)
        line.deleteWordBackward()
        #expect(line.text == "sim ")
        #expect(line.cursor == 4)
    }

    @Test func deleteWordBackwardInTheMiddleKeepsWhatFollows() {
        var line = buffer("threshold peek 150g", cursor: 14)
        line.deleteWordBackward()
        #expect(line.text == "threshold  150g")
        #expect(line.cursor == 10)
    }

    @Test func replacingPutsTheCursorAtTheEndUnlessTooLong() {
        var line = buffer("abc", cursor: 1, maxBytes: 5)
        let acceptedHelp = line.replaceAll(with: Array("help".unicodeScalars))
        #expect(acceptedHelp)
        #expect(line.text == "help")
        #expect(line.cursor == 4)
        let acceptedStatus = line.replaceAll(with: Array("status".unicodeScalars))
        #expect(!acceptedStatus)
        #expect(line.text == "help")
    }
}
