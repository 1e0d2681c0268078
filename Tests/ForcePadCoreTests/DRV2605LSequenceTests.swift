import Testing

@testable import ForcePadCore

/// Waveform sequences as the DRV2605L's WAV_FRM_SEQ1–8 registers take them, and the sequences
/// the sequencer cannot hold.
@Suite struct DRV2605LSequenceTests {
    @Test func effectsAndWaitsBecomeSlotValuesEndedByAZero() throws {
        let pop = try DRV2605LSequence([.effect(1), .wait(milliseconds: 50), .effect(1)])
        // A wait is bit 7 with 10 ms units: 50 ms is 0x80 | 5.
        #expect(pop.slotValues == [0x01, 0x85, 0x01, 0x00])
        let longest = try DRV2605LSequence([.effect(123), .wait(milliseconds: 1270)])
        #expect(longest.slotValues == [0x7B, 0xFF, 0x00])
    }

    @Test func eightStepsFillEverySlotWithoutATerminator() throws {
        let steps = [DRV2605LSequenceStep](repeating: .effect(24), count: 8)
        #expect(try DRV2605LSequence(steps).slotValues == [UInt8](repeating: 24, count: 8))
    }

    @Test func aNinthStepIsRefused() {
        let steps = [DRV2605LSequenceStep](repeating: .effect(24), count: 9)
        let error = #expect(throws: DRV2605LSequenceError.self) { try DRV2605LSequence(steps) }
        #expect(error == .tooManySteps(count: 9))
        #expect(
            error?.description
                == "a DRV2605L sequence holds at most 8 effects and waits, not 9: drop steps or merge waits")
    }

    @Test(arguments: [0, 124, -1])
    func effectsOutsideTheLibraryAreRefusedNamingTheStep(effect: Int) {
        let error = #expect(throws: DRV2605LSequenceError.self) { try DRV2605LSequence([.effect(1), .effect(effect)]) }
        #expect(error == .effectOutOfRange(effect: effect, step: 2))
        #expect(
            error?.description
                == "step 2: effect \(effect) is not in the DRV2605L library: effects are 1 to 123")
    }

    @Test(arguments: [0, 5, 15, 1280])
    func waitsTheSequencerCannotHoldAreRefused(milliseconds: Int) {
        let error = #expect(throws: DRV2605LSequenceError.self) { try DRV2605LSequence([.wait(milliseconds: milliseconds)]) }
        #expect(error == .waitOutOfRange(milliseconds: milliseconds, step: 1))
        #expect(
            error?.description
                == "step 1: wait \(milliseconds) ms is not one the DRV2605L sequencer holds:"
                + " waits are 10 to 1270 ms in steps of 10 ms")
    }

    @Test func anEmptySequenceIsRefused() {
        #expect(throws: DRV2605LSequenceError.emptySequence) { try DRV2605LSequence([]) }
    }
}

/// Sequences as the config file writes them.
@Suite struct DRV2605LSequenceTextTests {
    @Test func effectsAndWaitsJoinedByThenReadAsSlots() throws {
        let pop = try DRV2605LSequence(parsing: "effect 1 then wait 50ms then effect 1")
        #expect(pop.steps == [.effect(1), .wait(milliseconds: 50), .effect(1)])
        #expect(pop.description == "effect 1 then wait 50ms then effect 1")
        #expect(try DRV2605LSequence(parsing: "effect sharp-tick-1-100").steps == [.effect(24)])
        #expect(DRV2605LSequence.isSequenceText("effect 24"))
        #expect(!DRV2605LSequence.isSequenceText("on 20ms"))
    }

    @Test(arguments: [
        ("effect 24 wait 50ms", "DRV2605L sequence 'effect 24 wait 50ms': steps are joined by 'then', found 'wait'"),
        ("effect", "DRV2605L sequence 'effect': every step is 'effect N' or 'wait D', e.g. \"effect 1 then wait 50ms then effect 1\""),
        ("effect buzzy", "DRV2605L sequence 'effect buzzy': 'buzzy' is not an effect: give 1 to 123 or a name from haptic effect list"),
        ("effect 1 then wait 5.5ms", "DRV2605L sequence 'effect 1 then wait 5.5ms': wait 5.5ms is not whole milliseconds; waits are 10 ms steps"),
        ("effect 1 then on 5ms", "DRV2605L sequence 'effect 1 then on 5ms': step 2 must be 'effect N' or 'wait D', found 'on'"),
        ("effect 124", "step 1: effect 124 is not in the DRV2605L library: effects are 1 to 123"),
        ("effect 1 then wait 15ms", "step 2: wait 15 ms is not one the DRV2605L sequencer holds: waits are 10 to 1270 ms in steps of 10 ms"),
    ])
    func unreadableSequencesSayWhy(text: String, message: String) {
        let error = #expect(throws: DRV2605LSequenceError.self) { try DRV2605LSequence(parsing: text) }
        #expect(error?.description == message)
    }

    @Test func everyEffectHasATitleAndANameThatNamesItBack() {
        for effect in DRV2605LSequenceStep.effects {
            #expect(DRV2605LEffectNames.effect(named: DRV2605LEffectNames.slug(of: effect)!) == effect)
        }
        #expect(DRV2605LEffectNames.title(of: 1) == "Strong Click - 100%")
        #expect(DRV2605LEffectNames.title(of: 124) == nil)
    }
}
