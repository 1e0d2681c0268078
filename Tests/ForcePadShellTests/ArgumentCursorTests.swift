import ForcePadCore
import ForcePadShell
import Testing

@Suite struct ArgumentCursorTests {
    @Test func readsForcesWithUnitsAndExplainsBadOnes() throws {
        var cursor = ArgumentCursor(words: ["1.5N", "150"], usage: "x FORCE")
        #expect(try cursor.force("force") == Force(milligrams: 152_957))
        #expect(throws: CommandFailure("force: '150' needs a unit: one of g, kg, N, mN")) { try cursor.force("force") }
    }

    @Test func choicesSuggestTheNearest() {
        var cursor = ArgumentCursor(words: ["peak"], usage: "threshold touch|peek|pop FORCE")
        #expect(throws: CommandFailure("unknown stage 'peak': did you mean 'peek'? (touch|peek|pop)")) {
            try cursor.choice("stage", from: ["touch", "peek", "pop"])
        }
    }
}
