import FoundationEssentials
import ForcePadCore

/// `recording.json`: what a recording holds and how it was made, so a replay or a report
/// can use it without the session that made it. Forces in grams, times in µs.
///
/// Read back with ``parse(_:path:)``, which checks every number against its range as it is
/// read (a recording may come from another lab, be damaged, or be edited by hand): whatever
/// it returns can be used in arithmetic without trapping.
public struct CaptureInfo: Codable, Equatable, Sendable {
    public struct Levels: Codable, Equatable, Sendable {
        public var touchGrams: Double
        public var peekGrams: Double
        public var popGrams: Double

        public init(touchGrams: Double, peekGrams: Double, popGrams: Double) {
            self.touchGrams = touchGrams
            self.peekGrams = peekGrams
            self.popGrams = popGrams
        }

        enum CodingKeys: String, CodingKey {
            case touchGrams = "touch_g", peekGrams = "peek_g", popGrams = "pop_g"
        }

        /// Reads the three levels, each refused outside `range` (g).
        init(from decoder: any Decoder, range: ClosedRange<Double>) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            touchGrams = try container.decode(Double.self, forKey: .touchGrams, in: range, unit: " g")
            peekGrams = try container.decode(Double.self, forKey: .peekGrams, in: range, unit: " g")
            popGrams = try container.decode(Double.self, forKey: .popGrams, in: range, unit: " g")
        }
    }

    public struct Filter: Codable, Equatable, Sendable {
        /// A ``FilterKind`` raw value.
        public var kind: String
        public var cutoffHertz: Double
        public var spikeRejection: Bool
        /// The one-euro filter's β (Hz per g/s) and speed cut-off (Hz); nil for the other kinds
        /// and in recordings made before it existed.
        public var betaHertzPerGramPerSecond: Double?
        public var speedCutoffHertz: Double?

        enum CodingKeys: String, CodingKey {
            case kind, cutoffHertz = "cutoff_hz", spikeRejection = "spike_rejection"
            case betaHertzPerGramPerSecond = "beta_hz_per_g_per_s", speedCutoffHertz = "speed_cutoff_hz"
        }

        public init(
            kind: String, cutoffHertz: Double, spikeRejection: Bool, betaHertzPerGramPerSecond: Double? = nil,
            speedCutoffHertz: Double? = nil
        ) {
            self.kind = kind
            self.cutoffHertz = cutoffHertz
            self.spikeRejection = spikeRejection
            self.betaHertzPerGramPerSecond = betaHertzPerGramPerSecond
            self.speedCutoffHertz = speedCutoffHertz
        }

        /// Reads the filter: a kind ForcePad knows, a cut-off within ``SettingsRules/cutoffRangeMilliHertz``.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(String.self, forKey: .kind)
            guard FilterKind(rawValue: kind) != nil else {
                throw container.refusal(.kind, "'\(kind)' is not a filter ForcePad knows; allowed: \(FilterKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let milliHertz = SettingsRules.cutoffRangeMilliHertz
            cutoffHertz = try container.decode(
                Double.self, forKey: .cutoffHertz, in: Double(milliHertz.lowerBound) / 1000...Double(milliHertz.upperBound) / 1000, unit: " Hz")
            spikeRejection = try container.decode(Bool.self, forKey: .spikeRejection)
            let beta = SettingsRules.betaRangeMilliHertzPerGramPerSecond
            betaHertzPerGramPerSecond = try container.decodeIfPresent(
                Double.self, forKey: .betaHertzPerGramPerSecond, in: Double(beta.lowerBound) / 1000...Double(beta.upperBound) / 1000)
            speedCutoffHertz = try container.decodeIfPresent(
                Double.self, forKey: .speedCutoffHertz, in: Double(milliHertz.lowerBound) / 1000...Double(milliHertz.upperBound) / 1000,
                unit: " Hz")
        }
    }

    /// Largest `recording.json` read (bytes); one ForcePad writes is about 2 KiB.
    public static let maxBytes = 1 << 20
    /// Presses a trial may count.
    public static let trialPressRange = 1...10_000
    /// The threshold forces a recording may give (g): up to 1000 kg, as in a config file.
    public static let thresholdRangeGrams = 0.0...1_000_000.0
    /// The reference sensor's interval between readings a recording may give (µs): up to 10 s.
    public static let referencePeriodRangeMicros: ClosedRange<Int64> = 1...10_000_000
    /// Counts of frames dropped or periods missed a recording may give: any that fits an `Int64`.
    public static let lossRange: ClosedRange<UInt64> = 0...UInt64(Int64.max)

    public var format = "forcepad-recording"
    /// 2 adds what a verdict depends on: the limits and where they came from, the haptic
    /// settings, the presses completed and the periods the loop missed.
    public var formatVersion = 2
    public var forcepadVersion: String
    public var name: String
    /// `recording` or `trial`.
    public var kind: String
    public var board: String
    public var sampleRateHertz: Int
    public var cells: Int
    public var started: String
    public var stopped: String?
    /// `command`, `trial complete`, or the error that stopped it.
    public var stoppedBy: String?
    public var frames: Int
    public var droppedFrames: UInt64
    /// Loop time of the first and last frame (µs).
    public var firstTimeMicros: Int64?
    public var lastTimeMicros: Int64?
    /// Each cell's zero when the recording began, before its tare (Q0 counts).
    public var zerosCounts: [Int32]?
    /// Row of `frames.csv` (from 0) at which the recording's tare began.
    public var tareRow: Int?
    public var calibrationChecksum: String
    public var thresholds: Levels
    /// Release bands below each threshold, and the dwell.
    public var hysteresis: Levels
    public var dwellMicros: Int64
    /// The dwell before a press begins (µs); nil in a recording made before touch had its own,
    /// when it was `dwellMicros`.
    public var touchDwellMicros: Int64?
    public var filter: Filter
    /// Shortcuts the pad's quick-action menu offered.
    public var menuShortcuts: Int
    /// Presses a trial counted (nil for a plain recording).
    public var trialPresses: Int?
    /// Whether thresholds, hysteresis, the filter, haptics or limits changed while recording.
    public var settingsChanged: Bool
    /// The trial limits in force when it started (nil in a format 1 recording).
    public var limits: TrialLimits?
    /// Where the limits came from: the config files' paths (`lab.toml + user.toml`), or `built-in defaults`.
    public var limitsSource: String?
    /// The haptic settings in force when it started (nil in a format 1 recording).
    public var haptics: RecordedHaptics?
    /// Presses a trial saw end before it stopped (nil for a plain recording or format 1).
    public var pressesCompleted: Int?
    /// Loop periods missed (overruns) while recording: frames never read (nil when unknown).
    public var missedPeriods: UInt64?
    /// The reference sensor's interval between readings (µs), whose readings are the
    /// `reference.sample` lines of the events file; nil when the board had none.
    public var referencePeriodMicros: Int64?
    /// The content digest of the board file it was made with (`sha256:` and 64 lowercase hex
    /// digits, as `BoardFile.digest(text:)` gives), whose copy is the folder's `board.toml`;
    /// nil in a recording made before recordings kept their board file.
    public var boardFileDigest: String?
    /// The presses a test stand was asked to make (nil for a trial pressed by hand, a plain
    /// recording, and recordings made before stands were recorded).
    public var stand: RecordedStandCycles?
    /// The trial part this recording continues (`trial resume`): its name, nil for a
    /// recording that continues none. The parts of a trial are read as one trial.
    public var resumes: String?
    /// Presses the parts before this one finished (nil when it continues none).
    public var pressesBefore: Int?

    enum CodingKeys: String, CodingKey {
        case format, formatVersion = "format_version", forcepadVersion = "forcepad_version", name, kind, board
        case sampleRateHertz = "sample_rate_hz", cells, started, stopped, stoppedBy = "stopped_by", frames
        case droppedFrames = "dropped_frames", firstTimeMicros = "first_t_us", lastTimeMicros = "last_t_us"
        case zerosCounts = "zeros_counts", tareRow = "tare_row", calibrationChecksum = "calibration_crc32", thresholds, hysteresis
        case dwellMicros = "dwell_us", touchDwellMicros = "touch_dwell_us", filter, menuShortcuts = "menu_shortcuts", trialPresses = "trial_presses"
        case settingsChanged = "settings_changed", limits, limitsSource = "limits_source", haptics
        case pressesCompleted = "presses_completed", missedPeriods = "missed_periods"
        case referencePeriodMicros = "reference_period_us", boardFileDigest = "board_file_sha256"
        case stand, resumes, pressesBefore = "presses_before"
    }

    /// The description of a recording that starts now (not yet stopped).
    public init(
        forcepadVersion: String, name: String, kind: String, board: String, sampleRateHertz: Int, cells: Int, started: String,
        frames: Int, droppedFrames: UInt64, zerosCounts: [Int32]?, tareRow: Int?, calibrationChecksum: String,
        thresholds: Levels, hysteresis: Levels, dwellMicros: Int64, filter: Filter, menuShortcuts: Int, trialPresses: Int?,
        settingsChanged: Bool, limits: TrialLimits?, limitsSource: String?, haptics: RecordedHaptics?
    ) {
        self.forcepadVersion = forcepadVersion
        self.name = name
        self.kind = kind
        self.board = board
        self.sampleRateHertz = sampleRateHertz
        self.cells = cells
        self.started = started
        self.frames = frames
        self.droppedFrames = droppedFrames
        self.zerosCounts = zerosCounts
        self.tareRow = tareRow
        self.calibrationChecksum = calibrationChecksum
        self.thresholds = thresholds
        self.hysteresis = hysteresis
        self.dwellMicros = dwellMicros
        self.filter = filter
        self.menuShortcuts = menuShortcuts
        self.trialPresses = trialPresses
        self.settingsChanged = settingsChanged
        self.limits = limits
        self.limitsSource = limitsSource
        self.haptics = haptics
    }

    /// Reads a description, every number within its range: times within
    /// ``ForceTrace/maxTimeMicros`` and the last frame's not before the first, counts of rows
    /// within ``ForceTrace/maxRows``, settings within the ranges a config file may give.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        guard format == "forcepad-recording" else {
            throw container.refusal(.format, "'\(format)' is not forcepad-recording: not a recording ForcePad wrote")
        }
        formatVersion = try container.decode(Int.self, forKey: .formatVersion, in: 1...2)
        forcepadVersion = try container.decode(String.self, forKey: .forcepadVersion)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(String.self, forKey: .kind)
        board = try container.decode(String.self, forKey: .board)
        sampleRateHertz = try container.decode(Int.self, forKey: .sampleRateHertz, in: BoardDescription.sampleRateRangeHz, unit: " Hz")
        cells = try container.decode(Int.self, forKey: .cells, in: 1...BoardDescription.maxCells)
        started = try container.decode(String.self, forKey: .started)
        stopped = try container.decodeIfPresent(String.self, forKey: .stopped)
        stoppedBy = try container.decodeIfPresent(String.self, forKey: .stoppedBy)
        frames = try container.decode(Int.self, forKey: .frames, in: 0...ForceTrace.maxRows)
        droppedFrames = try container.decode(UInt64.self, forKey: .droppedFrames, in: Self.lossRange)
        let times = 0...ForceTrace.maxTimeMicros
        firstTimeMicros = try container.decodeIfPresent(Int64.self, forKey: .firstTimeMicros, in: times, unit: " µs")
        lastTimeMicros = try container.decodeIfPresent(Int64.self, forKey: .lastTimeMicros, in: times, unit: " µs")
        if let first = firstTimeMicros, let last = lastTimeMicros, last < first {
            throw container.refusal(.lastTimeMicros, "\(last) µs is before first_t_us (\(first) µs); the last frame cannot come before the first")
        }
        zerosCounts = try container.decodeIfPresent([Int32].self, forKey: .zerosCounts)
        if let zeros = zerosCounts {
            guard zeros.count == cells else {
                throw container.refusal(.zerosCounts, "holds \(zeros.count) zeros for \(cells) cells; it needs one per cell")
            }
            if let negative = zeros.first(where: { $0 < 0 }) {
                throw container.refusal(.zerosCounts, "holds \(negative) counts; a zero is 0 counts or more")
            }
        }
        tareRow = try container.decodeIfPresent(Int.self, forKey: .tareRow, in: 0...ForceTrace.maxRows)
        calibrationChecksum = try container.decode(String.self, forKey: .calibrationChecksum)
        thresholds = try Levels(from: container.required(.thresholds), range: Self.thresholdRangeGrams)
        let bands = SettingsRules.bandRange
        hysteresis = try Levels(from: container.required(.hysteresis), range: bands.lowerBound.gramsValue...bands.upperBound.gramsValue)
        dwellMicros = try container.decode(Int64.self, forKey: .dwellMicros, in: SettingsRules.dwellRangeMicros, unit: " µs")
        touchDwellMicros = try container.decodeIfPresent(Int64.self, forKey: .touchDwellMicros, in: SettingsRules.dwellRangeMicros, unit: " µs")
        filter = try container.decode(Filter.self, forKey: .filter)
        menuShortcuts = try container.decode(Int.self, forKey: .menuShortcuts, in: 0...ShortcutRegistry.visibleSlotCount)
        trialPresses = try container.decodeIfPresent(Int.self, forKey: .trialPresses, in: Self.trialPressRange)
        settingsChanged = try container.decode(Bool.self, forKey: .settingsChanged)
        limits = try container.decodeIfPresent(TrialLimits.self, forKey: .limits)
        limitsSource = try container.decodeIfPresent(String.self, forKey: .limitsSource)
        haptics = try container.decodeIfPresent(RecordedHaptics.self, forKey: .haptics)
        pressesCompleted = try container.decodeIfPresent(Int.self, forKey: .pressesCompleted, in: 0...Self.trialPressRange.upperBound)
        missedPeriods = try container.decodeIfPresent(UInt64.self, forKey: .missedPeriods, in: Self.lossRange)
        referencePeriodMicros = try container.decodeIfPresent(
            Int64.self, forKey: .referencePeriodMicros, in: Self.referencePeriodRangeMicros, unit: " µs")
        boardFileDigest = try container.decodeIfPresent(String.self, forKey: .boardFileDigest)
        if let digest = boardFileDigest {
            let hex = digest.dropFirst("sha256:".count)
            guard digest.hasPrefix("sha256:"), hex.count == 64, hex.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) }) else {
                throw container.refusal(.boardFileDigest, "'\(digest.prefix(80))' is not \"sha256:\" and 64 lowercase hex digits")
            }
        }
        stand = try container.decodeIfPresent(RecordedStandCycles.self, forKey: .stand)
        resumes = try container.decodeIfPresent(String.self, forKey: .resumes)
        if let resumes, !Self.isRecordingName(resumes) {
            throw container.refusal(.resumes, "'\(resumes.prefix(80))' is not a recording's name (letters, digits, '.', '-' and '_', at most 64)")
        }
        pressesBefore = try container.decodeIfPresent(Int.self, forKey: .pressesBefore, in: 0...Self.trialPressRange.upperBound)
    }

    /// Reads the text of `recording.json` at `path` (which only names it in errors): at most
    /// ``maxBytes``, JSON, every key of the right type and within its range. The error is one
    /// line naming the file, the key and the fix.
    public static func parse(_ data: Data, path: String) throws(LabFileError) -> CaptureInfo {
        let fix = "restore it from a copy, or replay \(folder(of: path))/frames.csv as a trace"
        guard data.count <= maxBytes else {
            throw LabFileError(file: path, line: nil, message: "damaged (larger than \(maxBytes >> 10) KiB, not a recording description); \(fix)")
        }
        do {
            return try JSONDecoder().decode(CaptureInfo.self, from: data)
        } catch {
            throw LabFileError(file: path, line: nil, message: "damaged (\(DecodingErrorText.summary(error, whole: "not a recording description"))); \(fix)")
        }
    }

    /// The folder that holds `path`.
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }

    /// The thresholds the recording was made with.
    public var recordedThresholds: Thresholds {
        Thresholds(
            touch: Force.fromGrams(thresholds.touchGrams), peek: Force.fromGrams(thresholds.peekGrams),
            pop: Force.fromGrams(thresholds.popGrams))
    }

    public var recordedHysteresis: Hysteresis {
        Hysteresis(
            touch: Force.fromGrams(hysteresis.touchGrams), peek: Force.fromGrams(hysteresis.peekGrams),
            pop: Force.fromGrams(hysteresis.popGrams), dwellMicros: dwellMicros, touchDwellMicros: touchDwellMicros ?? dwellMicros)
    }

    /// `settings` with the thresholds, hysteresis and filter of the recording.
    public func recordedSettings(over settings: ControllerSettings) -> ControllerSettings {
        var changed = settings
        // The recorded thresholds are numbers, whatever preset is in force now: with a preset
        // left set, the settings rules would check the preset's forces instead of these.
        changed.preset = nil
        changed.thresholds = recordedThresholds
        changed.hysteresis = recordedHysteresis
        if let kind = FilterKind(rawValue: filter.kind) {
            let standard = FilterSettings.standard
            changed.filter = FilterSettings(
                kind: kind, cutoffMilliHertz: Int64((filter.cutoffHertz * 1000).rounded()), spikeRejection: filter.spikeRejection,
                betaMilliHertzPerGramPerSecond: filter.betaHertzPerGramPerSecond.map { Int64(($0 * 1000).rounded()) }
                    ?? standard.betaMilliHertzPerGramPerSecond,
                speedCutoffMilliHertz: filter.speedCutoffHertz.map { Int64(($0 * 1000).rounded()) } ?? standard.speedCutoffMilliHertz)
        }
        return changed
    }

    /// Duration from the first frame to the last (µs).
    public var durationMicros: Int64 { (lastTimeMicros ?? 0) - (firstTimeMicros ?? 0) }

    /// The settings part of the info, from `settings` as they are now.
    public static func levels(_ thresholds: Thresholds) -> Levels {
        Levels(touchGrams: thresholds.touch.gramsValue, peekGrams: thresholds.peek.gramsValue, popGrams: thresholds.pop.gramsValue)
    }

    public static func levels(_ hysteresis: Hysteresis) -> Levels {
        Levels(touchGrams: hysteresis.touch.gramsValue, peekGrams: hysteresis.peek.gramsValue, popGrams: hysteresis.pop.gramsValue)
    }

    public static func filter(_ filter: FilterSettings) -> Filter {
        let oneEuro = filter.kind == .oneEuro
        return Filter(
            kind: filter.kind.rawValue, cutoffHertz: Double(filter.cutoffMilliHertz) / 1000, spikeRejection: filter.spikeRejection,
            betaHertzPerGramPerSecond: oneEuro ? Double(filter.betaMilliHertzPerGramPerSecond) / 1000 : nil,
            speedCutoffHertz: oneEuro ? Double(filter.speedCutoffMilliHertz) / 1000 : nil)
    }
}

extension KeyedDecodingContainer {
    /// A decoder for the value at `key`, which must be there.
    fileprivate func required(_ key: Key) throws -> any Decoder {
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
        }
        return try superDecoder(forKey: key)
    }
}
