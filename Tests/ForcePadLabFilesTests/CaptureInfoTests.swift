import ForcePadCore
import ForcePadLabFiles
import Foundation
import Testing

/// `recording.json` read back: what ForcePad writes reads back the same, and every number out
/// of its range is refused as it is read, in one line naming the file, the key and the fix.
@Suite struct CaptureInfoTests {
    static let path = "/state/recordings/t1/recording.json"

    /// A description as ForcePad writes it at the end of a trial with limits and haptics.
    static var written: CaptureInfo {
        var limits = TrialLimits(cancelRatePermille: 50, maxChatter: 2)
        limits.peek = StageLimits(tolerance: .grams(15), stageToLineP99Micros: 2_000)
        var info = CaptureInfo(
            forcepadVersion: "0.1.0", name: "t1", kind: "trial", board: "sim", sampleRateHertz: 1000, cells: 4,
            started: "2026-11-26T19:18:58Z", frames: 1252, droppedFrames: 0, zerosCounts: [0, 0, 0, 0], tareRow: 4,
            calibrationChecksum: "c619a8b8", thresholds: CaptureInfo.levels(ControllerSettings.standard.thresholds),
            hysteresis: CaptureInfo.levels(ControllerSettings.standard.hysteresis), dwellMicros: 5_000,
            filter: CaptureInfo.filter(ControllerSettings.standard.filter), menuShortcuts: 0, trialPresses: 2, settingsChanged: false,
            limits: limits, limitsSource: "built-in defaults",
            haptics: RecordedHaptics(
                mode: "pulse", line: "driven", patterns: ["peek": "on 2ms"], driver: nil, maxOnMicros: 100_000, minOffMicros: 10_000,
                maxDutyPermille: 500, dutyWindowMicros: 1_000_000, triggerWidthMicros: 1_000))
        info.stopped = "2026-11-26T19:19:00Z"
        info.stoppedBy = "trial complete"
        info.firstTimeMicros = 52_000
        info.lastTimeMicros = 1_304_000
        info.pressesCompleted = 2
        info.missedPeriods = 1
        info.referencePeriodMicros = 12_500
        return info
    }

    /// The written description as a JSON object, changed by `change`, parsed.
    static func parse(_ change: (inout [String: Any]) -> Void) throws(LabFileError) -> CaptureInfo {
        var object = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(written))) as? [String: Any] ?? [:]
        change(&object)
        return try CaptureInfo.parse((try? JSONSerialization.data(withJSONObject: object)) ?? Data(), path: path)
    }

    static func refusal(_ what: String) -> LabFileError {
        LabFileError(
            file: path, line: nil,
            message: "damaged (\(what)); restore it from a copy, or replay /state/recordings/t1/frames.csv as a trace")
    }

    @Test func aWrittenDescriptionReadsBackTheSame() throws {
        #expect(try Self.parse { _ in } == Self.written)
    }

    @Test(arguments: [
        ("sample_rate_hz", "0", "key sample_rate_hz: 0 Hz is out of range; allowed: 1 Hz…10000 Hz"),
        ("cells", "257", "key cells: 257 is out of range; allowed: 1…256"),
        ("frames", "-1", "key frames: -1 is out of range; allowed: 0…7200000"),
        ("last_t_us", "1000", "key last_t_us: 1000 µs is before first_t_us (52000 µs); the last frame cannot come before the first"),
        ("tare_row", "-4", "key tare_row: -4 is out of range; allowed: 0…7200000"),
        ("menu_shortcuts", "100", "key menu_shortcuts: 100 is out of range; allowed: 0…4"),
        ("presses_completed", "-1", "key presses_completed: -1 is out of range; allowed: 0…10000"),
        ("zeros_counts", "[0, 0, 0]", "key zeros_counts: holds 3 zeros for 4 cells; it needs one per cell"),
        ("zeros_counts", "[0, -1, 0, 0]", "key zeros_counts: holds -1 counts; a zero is 0 counts or more"),
        ("format", "\"forcepad-report\"", "key format: 'forcepad-report' is not forcepad-recording: not a recording ForcePad wrote"),
        ("format_version", "3", "key format_version: 3 is out of range; allowed: 1…2"),
    ])
    func aTopLevelValueOutOfRangeIsRefusedNamingItsKey(key: String, json: String, what: String) {
        let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        #expect(throws: Self.refusal(what)) { try Self.parse { $0[key] = value } }
    }

    @Test func nestedValuesOutOfRangeAreRefusedNamingTheirPath() {
        func nested(_ outer: String, _ inner: String, _ value: Any) -> (inout [String: Any]) -> Void {
            { object in
                var table = object[outer] as? [String: Any] ?? [:]
                table[inner] = value
                object[outer] = table
            }
        }
        #expect(throws: Self.refusal("key filter.cutoff_hz: 1e+19 Hz is out of range; allowed: 0.1 Hz…500.0 Hz")) {
            try Self.parse(nested("filter", "cutoff_hz", 1e19))
        }
        #expect(throws: Self.refusal("key filter.kind: 'median' is not a filter ForcePad knows; allowed: none, one-pole, biquad, one-euro")) {
            try Self.parse(nested("filter", "kind", "median"))
        }
        #expect(throws: Self.refusal("key hysteresis.peek_g: 5000.0 g is out of range; allowed: 0.0 g…1000.0 g")) {
            try Self.parse(nested("hysteresis", "peek_g", 5000))
        }
        #expect(throws: Self.refusal("key haptics.max_on_us: 0 µs is out of range; allowed: 1000 µs…1000000 µs")) {
            try Self.parse(nested("haptics", "max_on_us", 0))
        }
        #expect(throws: Self.refusal("key limits.chatter: -1 is out of range; allowed: 0…1000000")) {
            try Self.parse(nested("limits", "chatter", -1))
        }
        #expect(throws: Self.refusal("key limits.peek.stage_to_line_p99_us: 9223372036854775807 µs is out of range; allowed: 1 µs…1000000 µs")) {
            try Self.parse { object in
                var limits = object["limits"] as? [String: Any] ?? [:]
                limits["peek"] = ["tolerance_basis": "pad", "stage_to_line_p99_us": Int64.max]
                object["limits"] = limits
            }
        }
    }

    @Test func aMissingTableIsNamed() {
        #expect(throws: Self.refusal("key thresholds is missing")) { try Self.parse { $0["thresholds"] = nil } }
    }

    @Test func anOversizedFileIsRefusedWithoutDecodingIt() {
        let refusal = LabFileError(
            file: Self.path, line: nil,
            message: "damaged (larger than 1024 KiB, not a recording description); restore it from a copy, or replay /state/recordings/t1/frames.csv as a trace")
        #expect(throws: refusal) { try CaptureInfo.parse(Data(count: CaptureInfo.maxBytes + 1), path: Self.path) }
    }
}

/// The one-euro filter's settings and the touch dwell travel with a recording; a recording
/// made before they existed replays with the settings it was made with.
@Suite struct CaptureInfoDetectionSettingsTests {
    @Test func oneEuroSettingsAndTheTouchDwellReadBack() throws {
        var info = CaptureInfoTests.written
        info.filter = CaptureInfo.filter(FilterSettings(
            kind: .oneEuro, cutoffMilliHertz: 7_000, spikeRejection: true, betaMilliHertzPerGramPerSecond: 45, speedCutoffMilliHertz: 12_000))
        info.touchDwellMicros = 4_000
        let read = try CaptureInfo.parse(JSONEncoder().encode(info), path: CaptureInfoTests.path)
        #expect(read == info)
        let settings = read.recordedSettings(over: .standard)
        #expect(settings.filter == FilterSettings(
            kind: .oneEuro, cutoffMilliHertz: 7_000, spikeRejection: true, betaMilliHertzPerGramPerSecond: 45, speedCutoffMilliHertz: 12_000))
        #expect(settings.hysteresis.dwellMicros == 5_000 && settings.hysteresis.touchDwellMicros == 4_000)
    }

    @Test func aRecordingWithoutThemKeepsItsOneDwellAndItsFilter() throws {
        let read = try CaptureInfoTests.parse { object in
            object["touch_dwell_us"] = nil
            object["filter"] = ["kind": "one-pole", "cutoff_hz": 30.0, "spike_rejection": true]
        }
        let settings = read.recordedSettings(over: .standard)
        #expect(settings.hysteresis.dwellMicros == 5_000 && settings.hysteresis.touchDwellMicros == 5_000)
        #expect(settings.filter.kind == .onePole && settings.filter.cutoffMilliHertz == 30_000)
    }

    @Test func aBetaOutOfRangeIsRefusedNamingItsKey() {
        #expect(throws: CaptureInfoTests.refusal("key filter.beta_hz_per_g_per_s: 11.0 is out of range; allowed: 0.0…10.0")) {
            try CaptureInfoTests.parse { object in
                object["filter"] = ["kind": "one-euro", "cutoff_hz": 5.0, "spike_rejection": true, "beta_hz_per_g_per_s": 11.0]
            }
        }
    }
}
