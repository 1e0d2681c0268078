import ForcePadCore
import ForcePadShell
import Testing

@Suite struct ArgumentCursorTests {
    @Test func readsForcesWithUnitsAndExplainsBadOnes() throws {
        var cursor = ArgumentCursor(words: ["1.5N", "150"], usage: "x FORCE")
        #expect(try cursor.force("force") == Force(milligrams: 152_957))
        #expect(throws: CommandFailure("force: '150' needs a unit: one of g, kg, N, mN")) { try cursor.force("force") }
    }

    @Test func aNumberWithItsUnitTypedApartIsShownTogether() throws {
        var forces = ArgumentCursor(words: ["150", "g"], usage: "x FORCE")
        #expect(throws: CommandFailure("force: '150 g' has a space in it: write the number and unit together: 150g")) {
            try forces.force("force")
        }
        var durations = ArgumentCursor(words: ["20", "ms"], usage: "x DURATION")
        #expect(throws: CommandFailure("duration: '20 ms' has a space in it: write the number and unit together: 20ms")) {
            try durations.durationMicros("duration")
        }
        // A word that is no unit after the number leaves the usual message.
        var other = ArgumentCursor(words: ["150", "for"], usage: "x FORCE")
        #expect(throws: CommandFailure("force: '150' needs a unit: one of g, kg, N, mN")) { try other.force("force") }
    }

    @Test func choicesSuggestTheNearest() {
        var cursor = ArgumentCursor(words: ["peak"], usage: "threshold touch|peek|pop FORCE")
        #expect(throws: CommandFailure("unknown stage 'peak': did you mean 'peek'? (touch|peek|pop)")) {
            try cursor.choice("stage", from: ["touch", "peek", "pop"])
        }
    }
}
