import ForcePadConfig
import ForcePadCore
import Testing

/// Each case checks the whole message: file, line, key, what is wrong and what is allowed.
@Suite("Config file errors")
struct ConfigFileErrorTests {
    static func message(_ text: String, file: String = "forcepad.toml") -> String? {
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: text, file: file) }
        return error?.description
    }

    @Test func unknownKeySuggestsTheNearest() {
        #expect(Self.message("[thresholds]\ntouch = \"20g\"\ntuch = \"20g\"", file: "c.toml")
            == "c.toml:3: thresholds.tuch: unknown key; did you mean 'touch'? (allowed here: touch, peek, pop)")
    }

    @Test func theOneEuroSettingsAndTheTouchDwellAreRead() throws {
        let settings = try ConfigFileLoader.parse(
            text: "[filter]\nkind = \"one-euro\"\ncutoff = \"8Hz\"\nbeta = 0.1\nspeed_cutoff = \"12Hz\"\n[hysteresis]\ntouch_dwell = \"4ms\"\n",
            file: "a.toml")
        #expect(settings.filter == FilterSettings(
            kind: .oneEuro, cutoffMilliHertz: 8_000, spikeRejection: true, betaMilliHertzPerGramPerSecond: 100, speedCutoffMilliHertz: 12_000))
        #expect(settings.hysteresis.touchDwellMicros == 4_000 && settings.hysteresis.dwellMicros == Hysteresis.standard.dwellMicros)
        #expect(Self.message("[filter]\nbeta = \"fast\"")?.hasPrefix("forcepad.toml:2: filter.beta: ") == true)
    }

    @Test func unknownKeysAreReportedInFileOrder() {
        #expect(Self.message("[filter]\nomega = 1\nalpha = 2")
            == "forcepad.toml:2: filter.omega: unknown key (allowed here: kind, cutoff, spike_rejection, beta, speed_cutoff)")
    }

    @Test func unknownTopLevelTable() {
        #expect(Self.message("[haptic]\nenabled = true")
            == "forcepad.toml:1: haptic: unknown key; did you mean 'haptics'? (allowed here: preset, thresholds, presets, hysteresis, press, force, filter, baseline, haptics, shortcuts, quick_actions, log, trials, faults, mqtt)")
    }

    @Test func faultsLostAfterOutOfRange() {
        #expect(Self.message("[faults]\nlost_after = 0")
            == "forcepad.toml:2: faults.lost_after: 0 frames is out of range; allowed: 1…10000 frames")
    }

    @Test func faultsRetryTooFast() {
        #expect(Self.message("[faults]\nretry_every = \"1ms\"")?.hasPrefix("forcepad.toml:2: faults.retry_every: 1ms is out of range") == true)
    }

    @Test func faultsAreRead() throws {
        let settings = try ConfigFileLoader.parse(text: "[faults]\nlost_after = 3\nretry_every = \"1s\"", file: "f.toml")
        #expect(settings.faults == SensorFaultSettings(lostAfterFrames: 3, reprobeMicros: 1_000_000))
    }

    @Test func wrongTypeForAForce() {
        #expect(Self.message("\n\n\n[thresholds]\npeek = true")
            == "forcepad.toml:5: thresholds.peek: expected a force such as \"150g\" or a number of grams, found a boolean")
    }

    @Test func forceWithoutUnitInAString() {
        #expect(Self.message("[thresholds]\npeek = \"150\"")
            == "forcepad.toml:2: thresholds.peek: '150' needs a unit: one of g, kg, N, mN")
    }

    @Test func frequencyOutOfRange() {
        #expect(Self.message("[filter]\ncutoff = \"1kHz\"")
            == "forcepad.toml:2: filter.cutoff: 1000Hz is out of range; allowed: 0.1Hz…500Hz")
    }

    @Test func durationOutOfRange() {
        #expect(Self.message("[hysteresis]\ndwell = \"2s\"")
            == "forcepad.toml:2: hysteresis.dwell: 2s is out of range; allowed: 0ms…1s")
    }

    @Test func popNotAbovePeek() {
        #expect(Self.message("[thresholds]\npeek = \"150g\"\npop = \"120g\"")
            == "forcepad.toml:3: thresholds.pop: 120g must be above thresholds.peek (150g); raise pop or lower peek")
    }

    @Test func lonePeekAboveTheMediumPop() {
        #expect(Self.message("[thresholds]\npeek = \"320g\"")
            == "forcepad.toml:2: thresholds.peek: 320g must be below the medium preset's pop (300g); lower peek or raise pop")
    }

    @Test func touchAboveAPresetPeek() {
        #expect(Self.message("[thresholds]\ntouch = \"120g\"")
            == "forcepad.toml:2: thresholds.touch: 120g must be below the light preset's peek (100g); lower touch or raise peek")
    }

    @Test func presetPopNotAbovePresetPeek() {
        #expect(Self.message("[presets.firm]\npeek = \"250g\"\npop = \"250g\"")
            == "forcepad.toml:3: presets.firm.pop: 250g must be above the firm preset's peek (250g); raise pop or lower peek")
    }

    @Test func presetTogetherWithPeek() {
        #expect(Self.message("preset = \"firm\"\n[thresholds]\npeek = \"150g\"")
            == "forcepad.toml:1: preset: \"firm\" cannot be combined with thresholds.peek; give either preset or peek/pop")
    }

    @Test func unknownPreset() {
        #expect(Self.message("preset = \"hard\"")
            == "forcepad.toml:1: preset: 'hard' is not a preset; use one of light, medium, firm")
    }

    @Test func hysteresisWiderThanTheGapBelow() {
        #expect(Self.message("[hysteresis]\npeek = \"100g\"")
            == "forcepad.toml:2: hysteresis.peek: 100g must be below the gap between thresholds.touch and the light preset's peek (80g), or the peek stage could never be left; narrow the band or widen the gap")
    }

    @Test func touchBandNotBelowTouch() {
        #expect(Self.message("[thresholds]\ntouch = \"10g\"\n[hysteresis]\ntouch = \"10g\"")
            == "forcepad.toml:4: hysteresis.touch: 10g must be below thresholds.touch (10g), or the touch stage could never be left; narrow the band or widen the gap")
    }

    @Test func thresholdsTooCloseForTheDefaultBand() {
        #expect(Self.message("[thresholds]\npeek = \"100g\"\npop = \"110g\"")
            == "forcepad.toml:3: thresholds.pop: 110g leaves only 10g above thresholds.peek (100g), not more than hysteresis.pop (20g); raise pop or set hysteresis.pop below 10g")
    }

    @Test func popAboveTheDefaultMaximum() {
        #expect(Self.message("[thresholds]\npeek = \"150g\"\npop = \"400g\"")
            == "forcepad.toml:3: thresholds.pop: 400g must be at most force.maximum (385g): pop could never fire; lower pop or raise maximum")
    }

    @Test func maximumBelowAPresetPop() {
        #expect(Self.message("[force]\nmaximum = \"300g\"")
            == "forcepad.toml:2: force.maximum: 300g must be at least the firm preset's pop (350g): pop could never fire; raise maximum or lower pop")
    }

    @Test func maximumNotAboveAverageTouch() {
        #expect(Self.message("[force]\naverage_touch = \"400g\"")
            == "forcepad.toml:2: force.average_touch: 400g must be below force.maximum (385g); lower average_touch or raise maximum")
    }

    @Test func badHapticPattern() {
        #expect(Self.message("[haptics.patterns]\npeek = \"off 10ms\"")
            == "forcepad.toml:2: haptics.patterns.peek: haptic pattern 'off 10ms': step 1 must be 'on' (patterns start with on and alternate), found 'off'")
    }

    @Test func patternNameWithCapitals() {
        #expect(Self.message("[haptics.patterns]\nDouble = \"on 10ms\"")
            == "forcepad.toml:2: haptics.patterns.Double: pattern name 'Double' may use only lowercase letters, digits and '-' (e.g. \"double-tap\")")
    }

    @Test func patternLongerThanMaxOn() {
        #expect(Self.message("[haptics]\nmax_on = \"50ms\"\n\n[haptics.patterns]\nbuzz = \"on 80ms\"")
            == "forcepad.toml:5: haptics.patterns.buzz: longest on step (80ms) is above haptics.max_on (50ms); shorten the step or raise max_on")
    }

    @Test func maxOnShorterThanAStandardPattern() {
        #expect(Self.message("[haptics]\nmax_on = \"10ms\"")
            == "forcepad.toml:2: haptics.max_on: 10ms is shorter than the pop pattern's longest on step (20ms); raise max_on or give haptics.patterns.pop shorter on steps")
    }

    @Test func maxDutyOutOfRange() {
        #expect(Self.message("[haptics]\nmax_duty = 1.5")
            == "forcepad.toml:2: haptics.max_duty: 1.5 is out of range; allowed: 0.001…1 (the share of duty_window the line may be on)")
    }

    @Test func unknownHapticModeSuggestsTheNearest() {
        #expect(Self.message("[haptics]\nmode = \"trigger_edge\"")
            == "forcepad.toml:2: haptics.mode: 'trigger_edge' is not a haptic mode; did you mean 'trigger-edge'? (allowed: pulse, trigger-edge, trigger-level)")
    }

    static let twoShortcuts = """
        [[shortcuts]]
        type = "lab.tare"
        title = "Tare"
        command = "tare"

        [[shortcuts]]
        type = "lab.tare"
        title = "Tare again"
        icon = "tare"
        command = "tare"
        """

    @Test func duplicateShortcutTypeAtTheSecondOne() {
        #expect(Self.message(Self.twoShortcuts)
            == "forcepad.toml:7: shortcuts[1].type: 'lab.tare' is already the type of shortcuts[0] (line 2); give each shortcut its own type")
    }

    @Test func badIconInTheSecondShortcut() {
        let text = Self.twoShortcuts.replacing("type = \"lab.tare\"\ntitle = \"Tare again\"", with: "type = \"lab.zero\"\ntitle = \"Zero\"")
            .replacing("icon = \"tare\"", with: "icon = \"rocket\"")
        #expect(Self.message(text)
            == "forcepad.toml:9: shortcuts[1].icon: 'rocket' is not an icon; use one of add, alarm, audio, bookmark, calibrate, compose, confirmation, favorite, haptic, home, love, mark, pause, play, preset, prohibit, record, search, share, stop, tare, task, time, update")
    }

    @Test func misspelledIconSuggestsTheNearest() {
        #expect(Self.message("[[shortcuts]]\ntype = \"a\"\ntitle = \"A\"\nicon = \"tares\"\ncommand = \"tare\"")?
            .hasPrefix("forcepad.toml:4: shortcuts[0].icon: 'tares' is not an icon; did you mean 'tare'? (allowed: add, alarm, ") == true)
    }

    @Test func emptyTitle() {
        #expect(Self.message("[[shortcuts]]\ntype = \"lab.tare\"\ntitle = \"\"\ncommand = \"tare\"")
            == "forcepad.toml:3: shortcuts[0].title: must not be empty; give the text the operator sees, such as \"Tare\"")
    }

    @Test func missingCommandPointsAtItsShortcut() {
        #expect(Self.message(Self.twoShortcuts.replacing("icon = \"tare\"\ncommand = \"tare\"", with: "icon = \"tare\""))
            == "forcepad.toml:6: shortcuts[1].command: missing; give a shell command line such as \"tare\"")
    }

    @Test func shortcutTypeWithSpaces() {
        #expect(Self.message("[[shortcuts]]\ntype = \"lab tare\"\ntitle = \"Tare\"\ncommand = \"tare\"")
            == "forcepad.toml:2: shortcuts[0].type: 'lab tare' may use only letters, digits, '.', '-' and '_'")
    }

    @Test func userInfoValuesMustBeStrings() {
        #expect(Self.message("[[shortcuts]]\ntype = \"a\"\ntitle = \"A\"\ncommand = \"tare\"\nuser_info = { version = 2 }")
            == "forcepad.toml:5: shortcuts[0].user_info.version: expected a string value such as \"lab\", found an integer")
    }

    @Test func unknownLogLevel() {
        #expect(Self.message("[log]\nlevel = \"verbose\"")
            == "forcepad.toml:2: log.level: 'verbose' is not a log level; use one of trace, debug, info, notice, warning, error, critical")
    }

    @Test func syntaxError() {
        let error = #expect(throws: ConfigError.self) {
            try ConfigFileLoader.parse(text: "[thresholds]\npeek = \"150g\"\npop = \"300g\n", file: "f.toml")
        }
        #expect(error?.line == 3)
        #expect(error?.key == "syntax")
        #expect(error?.description.hasPrefix("f.toml:3: syntax: ") == true)
    }

    @Test func missingFile() {
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.load(path: "/nonexistent/forcepad.toml") }
        #expect(error == ConfigError(
            file: "/nonexistent/forcepad.toml", line: nil, key: "file",
            message: "cannot read: No such file or directory; check the path"))
    }

    @Test func aDeviceIsRefusedUnread() {
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.load(path: "/dev/null") }
        #expect(error?.description == "/dev/null: file: cannot read: a device, not a regular file; give the path of a board or config file")
    }

    @Test func aDirectoryIsNotAFile() {
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.load(path: "/tmp") }
        #expect(error?.description == "/tmp: file: cannot read: Is a directory; check the path")
    }
}
