import ForcePadShell
import ForcePadCore

/// The presses of a recording or trial and their statistics: events as recorded (forces
/// and GPIO latencies measured live), frame forces from an exact replay (for peaks and
/// chatter), against the thresholds it was recorded with.
struct TrialAnalysis {
    let recording: Recording
    let replay: RecordingReplay
    let thresholds: Thresholds
    let hysteresis: Hysteresis
    let records: [PressRecord]
    let statistics: TrialStatistics
    let checks: [LimitCheck]
    /// Haptic pulses: pattern name, line on and off (µs, loop time of the periods).
    let pulses: [(pattern: String, onMicros: Int64, offMicros: Int64)]

    init(_ recording: Recording, board: BoardDescription, settings: ControllerSettings, limits: TrialLimits) throws(CommandFailure) {
        self.recording = recording
        let recorded = recording.info.recordedSettings(over: settings)
        replay = try RecordingReplay(recording, board: board, settings: recorded)
        thresholds = recorded.thresholds
        hysteresis = recorded.hysteresis
        var assembler = PressRecordAssembler()
        var pulses: [(String, Int64, Int64)] = []
        var openPulse: (String, Int64)?
        for event in recording.events {
            if let press = event.pressEvent { assembler.add(press) }
            switch event.event {
            case "haptic.on":
                if let stage = PressStage(rawValue: event.pattern ?? ""), let line = event.lineMicros {
                    assembler.addHapticOn(stage: stage, atMicros: event.timeMicros, lineMicros: line)
                }
                openPulse = (event.pattern ?? "", event.timeMicros)
            case "haptic.off":
                if let pulse = openPulse { pulses.append((pulse.0, pulse.1, event.timeMicros)) }
                openPulse = nil
            default:
                break
            }
        }
        if let pulse = openPulse { pulses.append((pulse.0, pulse.1, recording.info.lastTimeMicros ?? pulse.1)) }
        assembler.measure(replay.series, thresholds: thresholds)
        var records = assembler.records
        if let presses = recording.info.trialPresses {
            records = Array(records.filter(\.isFinished).prefix(presses))
        }
        self.records = records
        self.pulses = pulses
        statistics = TrialStatistics(records: records, thresholds: thresholds)
        checks = statistics.check(limits)
    }

    /// PASS, FAIL, or nil when no limit is set.
    var verdict: String? {
        checks.isEmpty ? nil : checks.allSatisfy(\.passed) ? "PASS" : "FAIL"
    }
}
