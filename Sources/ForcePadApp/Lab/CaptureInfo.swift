import ForcePadShell
import FoundationEssentials
import ForcePadConfig
import ForcePadCore
import ForcePadHAL

/// `recording.json`: what a recording holds and how it was made, so a replay or a report
/// can use it without the session that made it. Forces in grams, times in µs.
struct CaptureInfo: Codable, Equatable {
    struct Levels: Codable, Equatable {
        var touchGrams: Double
        var peekGrams: Double
        var popGrams: Double

        enum CodingKeys: String, CodingKey {
            case touchGrams = "touch_g", peekGrams = "peek_g", popGrams = "pop_g"
        }
    }

    struct Filter: Codable, Equatable {
        var kind: String
        var cutoffHertz: Double
        var spikeRejection: Bool

        enum CodingKeys: String, CodingKey {
            case kind, cutoffHertz = "cutoff_hz", spikeRejection = "spike_rejection"
        }
    }

    var format = "forcepad-recording"
    /// 2 adds what a verdict depends on: the limits and where they came from, the haptic
    /// settings, the presses completed and the periods the loop missed.
    var formatVersion = 2
    var forcepadVersion: String
    var name: String
    /// `recording` or `trial`.
    var kind: String
    var board: String
    var sampleRateHertz: Int
    var cells: Int
    var started: String
    var stopped: String?
    /// `command`, `trial complete`, or the error that stopped it.
    var stoppedBy: String?
    var frames: Int
    var droppedFrames: UInt64
    /// Loop time of the first and last frame (µs).
    var firstTimeMicros: Int64?
    var lastTimeMicros: Int64?
    /// Each cell's zero when the recording began, before its tare (Q0 counts).
    var zerosCounts: [Int32]?
    /// Row of `frames.csv` (from 0) at which the recording's tare began.
    var tareRow: Int?
    var calibrationChecksum: String
    var thresholds: Levels
    /// Release bands below each threshold, and the dwell.
    var hysteresis: Levels
    var dwellMicros: Int64
    var filter: Filter
    /// Shortcuts the pad's quick-action menu offered.
    var menuShortcuts: Int
    /// Presses a trial counted (nil for a plain recording).
    var trialPresses: Int?
    /// Whether thresholds, hysteresis, the filter, haptics or limits changed while recording.
    var settingsChanged: Bool
    /// The trial limits in force when it started (nil in a format 1 recording).
    var limits: TrialLimits?
    /// Where the limits came from: the config files' paths (`lab.toml + user.toml`), or `built-in defaults`.
    var limitsSource: String?
    /// The haptic settings in force when it started (nil in a format 1 recording).
    var haptics: RecordedHaptics?
    /// Presses a trial saw end before it stopped (nil for a plain recording or format 1).
    var pressesCompleted: Int?
    /// Loop periods missed (overruns) while recording: frames never read (nil when unknown).
    var missedPeriods: UInt64?
    /// The reference sensor's interval between readings (µs), whose readings are the
    /// `reference.sample` lines of the events file; nil when the board had none.
    var referencePeriodMicros: Int64?

    enum CodingKeys: String, CodingKey {
        case format, formatVersion = "format_version", forcepadVersion = "forcepad_version", name, kind, board
        case sampleRateHertz = "sample_rate_hz", cells, started, stopped, stoppedBy = "stopped_by", frames
        case droppedFrames = "dropped_frames", firstTimeMicros = "first_t_us", lastTimeMicros = "last_t_us"
        case zerosCounts = "zeros_counts", tareRow = "tare_row", calibrationChecksum = "calibration_crc32", thresholds, hysteresis
        case dwellMicros = "dwell_us", filter, menuShortcuts = "menu_shortcuts", trialPresses = "trial_presses"
        case settingsChanged = "settings_changed", limits, limitsSource = "limits_source", haptics
        case pressesCompleted = "presses_completed", missedPeriods = "missed_periods"
        case referencePeriodMicros = "reference_period_us"
    }

    /// The thresholds the recording was made with.
    var recordedThresholds: Thresholds {
        Thresholds(
            touch: Force.fromGrams(thresholds.touchGrams), peek: Force.fromGrams(thresholds.peekGrams),
            pop: Force.fromGrams(thresholds.popGrams))
    }

    var recordedHysteresis: Hysteresis {
        Hysteresis(
            touch: Force.fromGrams(hysteresis.touchGrams), peek: Force.fromGrams(hysteresis.peekGrams),
            pop: Force.fromGrams(hysteresis.popGrams), dwellMicros: dwellMicros)
    }

    /// `settings` with the thresholds, hysteresis and filter of the recording.
    func recordedSettings(over settings: ControllerSettings) -> ControllerSettings {
        var changed = settings
        changed.thresholds = recordedThresholds
        changed.hysteresis = recordedHysteresis
        if let kind = FilterKind(rawValue: filter.kind) {
            changed.filter = FilterSettings(
                kind: kind, cutoffMilliHertz: Int64((filter.cutoffHertz * 1000).rounded()), spikeRejection: filter.spikeRejection)
        }
        return changed
    }

    /// The recorded reference readings, ready to give `reference_g` at a frame's time as the
    /// live event pump did; nil when the recording has no reference channel.
    func referenceHistory(_ events: [RecordedEvent]) -> ReferenceHistory? {
        guard let referencePeriodMicros else { return nil }
        var history = ReferenceHistory(samplePeriodMicros: referencePeriodMicros)
        for event in events where event.event == RecordedEvent.referenceSample {
            history.append(ReferenceSample(timeMicros: event.timeMicros, force: Force.fromGrams(event.referenceGrams ?? 0)))
        }
        return history
    }

    /// Duration from the first frame to the last (µs).
    var durationMicros: Int64 { (lastTimeMicros ?? 0) - (firstTimeMicros ?? 0) }

    /// The settings part of the info, from `settings` as they are now.
    static func levels(_ thresholds: Thresholds) -> Levels {
        Levels(touchGrams: thresholds.touch.gramsValue, peekGrams: thresholds.peek.gramsValue, popGrams: thresholds.pop.gramsValue)
    }

    static func levels(_ hysteresis: Hysteresis) -> Levels {
        Levels(touchGrams: hysteresis.touch.gramsValue, peekGrams: hysteresis.peek.gramsValue, popGrams: hysteresis.pop.gramsValue)
    }

    static func filter(_ filter: FilterSettings) -> Filter {
        Filter(kind: filter.kind.rawValue, cutoffHertz: Double(filter.cutoffMilliHertz) / 1000, spikeRejection: filter.spikeRejection)
    }

    /// The JSON text (keys sorted, indented).
    func rendered() throws(CommandFailure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            throw CommandFailure("cannot describe the recording: \(error)")
        }
    }

    /// Reads `recording.json` at `path`; a missing or damaged one is a one-line error
    /// (``RecordingDescriptionProblem``).
    static func load(path: String) throws(CommandFailure) -> CaptureInfo {
        let data: Data
        do {
            data = try Data(contentsOf: URL(filePath: path))
        } catch {
            throw CommandFailure(RecordingDescriptionProblem.unreadable(path: path))
        }
        do {
            return try JSONDecoder().decode(CaptureInfo.self, from: data)
        } catch {
            throw CommandFailure(RecordingDescriptionProblem.damaged(path: path, error))
        }
    }
}
