import ForcePadConfig
import ForcePadCore
import Testing

@Suite("Config file values and defaults")
struct ConfigFileTests {
    static func parse(_ text: String) throws -> ControllerSettings {
        try ConfigFileLoader.parse(text: text, file: "forcepad.toml")
    }

    @Test func anEmptyFileGivesTheStandardSettings() throws {
        #expect(try Self.parse("") == ControllerSettings.standard)
        #expect(try Self.parse("# nothing but a comment\n").preset == .medium)
    }

    @Test func presetSetsPeekAndPopAndKeepsTouch() throws {
        let settings = try Self.parse("preset = \"firm\"\n[thresholds]\ntouch = \"30g\"")
        #expect(settings.preset == .firm)
        #expect(settings.thresholds == Thresholds(touch: .grams(30), peek: .grams(200), pop: .grams(350)))
    }

    @Test func presetOverridesApplyToTheChosenPreset() throws {
        let settings = try Self.parse("preset = \"light\"\n[presets.light]\npeek = \"80g\"\npop = \"160g\"")
        #expect(settings.thresholds == Thresholds(touch: .grams(20), peek: .grams(80), pop: .grams(160)))
        #expect(settings.presetForces[.light]?.pop == .grams(160))
        #expect(settings.presetForces[.medium]?.pop == .grams(300))
    }

    @Test func numericThresholdsClearThePreset() throws {
        let settings = try Self.parse("[thresholds]\npeek = \"120g\"\npop = \"250g\"")
        #expect(settings.preset == nil)
        #expect(settings.thresholds == Thresholds(touch: .grams(20), peek: .grams(120), pop: .grams(250)))
    }

    @Test func aLonePopTakesPeekFromTheMediumPreset() throws {
        let settings = try Self.parse("[presets.medium]\npeek = \"140g\"\n[thresholds]\npop = \"250g\"")
        #expect(settings.preset == nil)
        #expect(settings.thresholds == Thresholds(touch: .grams(20), peek: .grams(140), pop: .grams(250)))
    }

    @Test func forcesTakeEveryUnitAndBareGrams() throws {
        let settings = try Self.parse("[thresholds]\ntouch = 25\npeek = \"0.15kg\"\npop = \"2.5N\"\n[force]\nmaximum = \"4000mN\"")
        #expect(settings.thresholds.touch == .grams(25))
        #expect(settings.thresholds.peek == .grams(150))
        #expect(settings.thresholds.pop == Force(milligrams: 254_929))
        #expect(settings.forceScale.maximum == Force(milligrams: 407_886))
    }

    @Test func durationsFrequenciesAndFractions() throws {
        let settings = try Self.parse("""
            [hysteresis]
            dwell = 2.5
            [filter]
            kind = "biquad"
            cutoff = "0.1kHz"
            spike_rejection = false
            [haptics]
            enabled = false
            mode = "trigger-edge"
            max_on = "0.2s"
            min_off = "500us"
            max_duty = 0.25
            duty_window = 2000
            """)
        #expect(settings.hysteresis.dwellMicros == 2_500)
        #expect(settings.filter == FilterSettings(kind: .biquad, cutoffMilliHertz: 100_000, spikeRejection: false))
        #expect(settings.haptics.enabled == false)
        #expect(settings.haptics.mode == .triggerEdge)
        #expect(settings.haptics.maxOnMicros == 200_000)
        #expect(settings.haptics.minOffMicros == 500)
        #expect(settings.haptics.maxDutyPermille == 250)
        #expect(settings.haptics.dutyWindowMicros == 2_000_000)
        #expect(settings.haptics.patterns == HapticSettings.standardPatterns)
    }

    @Test func patternsAreAddedToTheStandardOnes() throws {
        let settings = try Self.parse("[haptics.patterns]\npop = \"on 30ms\"\nrelease = \"on 5ms off 5ms\"")
        #expect(settings.haptics.patterns["peek"] == HapticSettings.standardPatterns["peek"])
        #expect(settings.haptics.patterns["pop"]?.stepMicros == [30_000])
        #expect(settings.haptics.patterns["release"]?.stepMicros == [5_000])
    }

    @Test func shortcutsKeepFileOrderAndOptionalFields() throws {
        let settings = try Self.parse("""
            [[shortcuts]]
            type = "b.second"
            title = "B"
            command = "status"
            [[shortcuts]]
            type = "a.first"
            title = "A"
            subtitle = "the other one"
            icon = "play"
            command = "sim press 150g"
            user_info = { "lab owner" = "kim" }
            """)
        #expect(settings.shortcuts == [
            ShortcutDefinition(type: "b.second", title: "B", subtitle: nil, icon: nil, userInfo: [:], command: "status"),
            ShortcutDefinition(
                type: "a.first", title: "A", subtitle: "the other one", icon: .play, userInfo: ["lab owner": "kim"],
                command: "sim press 150g"),
        ])
    }

    @Test func logLevel() throws {
        #expect(try Self.parse("[log]\nlevel = \"debug\"").logLevel == "debug")
    }
}
