/// The one home of every rule a ``ControllerSettings`` must meet that the type system does
/// not: ranges of the keys the shell can also set, the order of thresholds, release bands
/// narrower than the gaps they sit in, the filter's ceiling on the board, patterns within the
/// safety limits. The config loader, every shell command and the apply path all call
/// ``problems(_:sampleRateHz:written:standIns:)``, so they accept and refuse the same values
/// with the same words.
public enum SettingsRules {
    /// Release bands (hysteresis.touch/peek/pop).
    public static let bandRange = Force.zero...Force.grams(1000)
    /// Minimum dwell (µs).
    public static let dwellRangeMicros: ClosedRange<Int64> = 0...1_000_000
    /// Filter cut-off on any board (mHz, Q0); a board's own ceiling is ``maxCutoffMilliHertz(sampleRateHz:)``.
    /// The one-euro filter's speed cut-off has the same range.
    public static let cutoffRangeMilliHertz: ClosedRange<Int64> = 100...500_000
    /// The one-euro filter's β (mHz per g/s, Q0): 0 (a one-pole) to 10 Hz per g/s.
    public static let betaRangeMilliHertzPerGramPerSecond: ClosedRange<Int64> = 0...10_000

    /// The highest cut-off the filter design supports at `sampleRateHz` (mHz): 0.45 × the
    /// sample rate, just below Nyquist.
    public static func maxCutoffMilliHertz(sampleRateHz: Int) -> Int64 { Int64(sampleRateHz) * 450 }

    /// Every problem of `settings` on a board sampling at `sampleRateHz` (nil: no board yet,
    /// so the filter's ceiling is not checked), in the order a
    /// reader meets the keys (the first is the one to report). `written` holds the keys the
    /// change wrote (a config file's keys, or the one a command sets): an ordering problem is
    /// blamed on a written key. `standIns` name values that came from another key (the config
    /// file's missing `thresholds.pop` taken from the medium preset).
    ///
    /// `hapticDriver` is the board's DRV2605L (nil: none, or no board yet when `sampleRateHz`
    /// is nil): stage sequences need one, and a driver triggered over I2C needs them.
    public static func problems(
        _ settings: ControllerSettings, sampleRateHz: Int?, hapticDriver: HapticDriverDescription? = nil, written: Set<String>,
        standIns: [String: SettingsStandIn] = [:]
    ) -> [SettingsProblem] {
        var check = SettingsCheck(settings: settings, written: written, standIns: standIns)
        check.thresholds()
        check.forceScale()
        check.hysteresis()
        check.filter(sampleRateHz: sampleRateHz)
        check.hapticPatterns()
        if sampleRateHz != nil { check.hapticEffects(driver: hapticDriver) }
        return check.problems
    }

    /// Why pattern `name` cannot play under `haptics`' maximum on time, or nil.
    public static func onTimeProblem(of pattern: HapticPattern, named name: String, haptics: HapticSettings) -> SettingsProblem? {
        onTimeMessage(of: pattern, haptics: haptics).map { SettingsProblem(key: "haptics.patterns.\(name)", message: $0) }
    }

    /// Why `pattern` cannot play under `haptics`' maximum on time, or nil; for a pattern that
    /// is no setting (`haptic test "on 500ms"`), so no key is blamed.
    public static func onTimeMessage(of pattern: HapticPattern, haptics: HapticSettings) -> String? {
        guard pattern.longestOnMicros > haptics.maxOnMicros else { return nil }
        return "longest on step (\(QuantityText.duration(pattern.longestOnMicros))) is above haptics.max_on (\(QuantityText.duration(haptics.maxOnMicros))); shorten the step or raise max_on"
    }
}
