import ForcePadHAL
import Testing

@testable import ForcePadApp

@Suite struct TerminalSizeQueryTests {
    @Test func theCursorPositionReportGivesTheSize() {
        #expect(TerminalSizeQuery.answer(in: Array("\u{1B}[30;100R".utf8)) == TerminalSize(columns: 100, rows: 30))
        // Keys typed before the answer are passed over.
        #expect(TerminalSizeQuery.answer(in: Array("ab\u{1B}[24;80R".utf8)) == TerminalSize(columns: 80, rows: 24))
    }

    @Test func aPartOrAnotherSequenceIsNoAnswer() {
        #expect(TerminalSizeQuery.answer(in: Array("\u{1B}[30;10".utf8)) == nil)
        #expect(TerminalSizeQuery.answer(in: Array("\u{1B}[A".utf8)) == nil)
        #expect(TerminalSizeQuery.answer(in: Array("\u{1B}[0;80R".utf8)) == nil)
    }
}
