import ForcePadCore
import Testing

/// The one table of settings rules: what it refuses, which key it blames, and that nothing
/// is clamped or let through.
@Suite struct SettingsRulesTests {
    static func problems(_ change: (inout ControllerSettings) -> Void, written: Set<String> = [], rate: Int? = 1000) -> [String] {
        var settings = ControllerSettings.standard
        change(&settings)
        return SettingsRules.problems(settings, sampleRateHz: rate, written: written).map(\.description)
    }

    @Test func theStandardSettingsMeetEveryRuleOnEveryShippedRate() {
        for rate in [150, 400, 1000] { #expect(Self.problems({ _ in }, rate: rate).isEmpty) }
    }

    @Test func thresholdsMustRiseFromTouchToPop() {
        #expect(Self.problems({ $0.thresholds.touch = .zero }).first
            == "thresholds.touch: 0g must be above 0g; give a small force such as \"20g\"")
        #expect(Self.problems({ $0.preset = nil; $0.thresholds.pop = .grams(150) }, written: ["thresholds.pop"]).first
            == "thresholds.pop: 150g must be above thresholds.peek (150g); raise pop or lower peek")
        #expect(Self.problems({ $0.preset = nil; $0.thresholds.peek = .grams(300) }, written: ["thresholds.peek"]).first
            == "thresholds.peek: 300g must be below thresholds.pop (300g); lower peek or raise pop")
    }

    /// A band is blamed when it was written; a threshold when it made the gap small.
    @Test func blameFollowsTheKeyThatWasWritten() {
        let change: (inout ControllerSettings) -> Void = { $0.preset = nil; $0.thresholds.peek = .grams(30) }
        #expect(Self.problems(change, written: ["thresholds.peek"]).first
            == "thresholds.peek: 30g leaves only 10g above thresholds.touch (20g), not more than hysteresis.peek (15g); raise peek or set hysteresis.peek below 10g")
        #expect(Self.problems(change, written: ["hysteresis.peek"]).first
            == "hysteresis.peek: 15g must be below the gap between thresholds.touch and thresholds.peek (10g), or the peek stage could never be left; narrow the band or widen the gap")
    }

    @Test func theFilterCutOffIsBoundedByTheBoardNotClamped() {
        let fast: (inout ControllerSettings) -> Void = { $0.filter.cutoffMilliHertz = 100_000 }
        #expect(Self.problems(fast, rate: 1000).isEmpty)
        #expect(Self.problems(fast, rate: nil).isEmpty)
        #expect(Self.problems(fast, rate: 150)
            == ["filter.cutoff: 100Hz is above what the filter can do at the board's 150Hz sample rate (at most 67.5Hz, 0.45 × the rate); lower the cut-off"])
        #expect(Self.problems({ $0.filter.kind = .none; $0.filter.cutoffMilliHertz = 100_000 }, rate: 150).isEmpty)
        #expect(Self.problems({ $0.filter.cutoffMilliHertz = 50 }).first == "filter.cutoff: 0.05Hz is out of range; allowed: 0.1Hz…500Hz")
    }

    @Test func everyPresetIsCheckedNotOnlyTheOneInUse() {
        #expect(Self.problems({ $0.thresholds.touch = .grams(120) }, written: ["thresholds.touch"]).first
            == "thresholds.touch: 120g must be below the light preset's peek (100g); lower touch or raise peek")
    }

    @Test func patternsStayWithinTheMaximumOnTime() throws {
        let long = try HapticPattern(parsing: "on 150ms")
        #expect(Self.problems({ $0.haptics.patterns["pop"] = long }, written: ["haptics.patterns.pop"])
            == ["haptics.patterns.pop: longest on step (150ms) is above haptics.max_on (100ms); shorten the step or raise max_on"])
        #expect(Self.problems({ $0.haptics.maxOnMicros = 10_000 }, written: ["haptics.max_on"]).first?.hasPrefix("haptics.max_on: 10ms is shorter than") == true)
    }
}
