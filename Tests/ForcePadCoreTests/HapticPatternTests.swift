import ForcePadCore
import Testing

@Suite struct HapticPatternTests {
    @Test func parsesAlternatingSteps() throws {
        let pattern = try HapticPattern(parsing: "on 20ms off 30ms on 20ms")
        #expect(pattern.stepMicros == [20_000, 30_000, 20_000])
        #expect(pattern.description == "on 20ms off 30ms on 20ms")
        #expect(pattern.longestOnMicros == 20_000)
    }

    @Test func trailingOffIsDropped() throws {
        #expect(try HapticPattern(parsing: "on 500us off 10ms").stepMicros == [500])
    }

    @Test func refusesPatternsThatDoNotStartWithOnOrAlternate() {
        #expect(throws: QuantityError("haptic pattern 'off 10ms': step 1 must be 'on' (patterns start with on and alternate), found 'off'")) {
            try HapticPattern(parsing: "off 10ms")
        }
        #expect(throws: QuantityError("haptic pattern 'on 10ms on 5ms': step 2 must be 'off' (patterns start with on and alternate), found 'on'")) {
            try HapticPattern(parsing: "on 10ms on 5ms")
        }
        #expect(throws: QuantityError("haptic pattern 'on': every on/off needs a duration, e.g. \"on 15ms off 10ms on 15ms\"")) {
            try HapticPattern(parsing: "on")
        }
        #expect(throws: QuantityError("haptic pattern 'on 2s': step 1 lasts 2s; each step must last 1us to 1s")) {
            try HapticPattern(parsing: "on 2s")
        }
    }

    @Test func compiledPatternHoldsTheStepsInline() throws {
        let compiled = CompiledHapticPattern(try HapticPattern(parsing: "on 20ms off 30ms on 500us"))
        #expect(compiled.count == 3)
        #expect((0..<compiled.count).map { compiled[$0] } == [20_000, 30_000, 500])
        #expect(!compiled.isEmpty)
        #expect(CompiledHapticPattern.empty.isEmpty)
    }

    @Test func compiledPatternHoldsTheLongestPatternTheParserAccepts() throws {
        #expect(CompiledHapticPattern.capacity == HapticPattern.maxSteps)
        let text = (0..<15).map { $0 % 2 == 0 ? "on 1s" : "off 1us" }.joined(separator: " ")
        let compiled = CompiledHapticPattern(try HapticPattern(parsing: text))
        #expect(compiled.count == 15)
        #expect(compiled[14] == 1_000_000)
    }

    @Test func compiledPatternsCompareOnlyTheStepsInUse() throws {
        let short = CompiledHapticPattern(try HapticPattern(parsing: "on 15ms"))
        #expect(short == CompiledHapticPattern(try HapticPattern(parsing: "on 15ms off 5ms")))
        #expect(short != CompiledHapticPattern(try HapticPattern(parsing: "on 15ms off 5ms on 1ms")))
        #expect(short != CompiledHapticPattern(try HapticPattern(parsing: "on 16ms")))
    }
}
