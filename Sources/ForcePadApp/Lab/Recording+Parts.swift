import ForcePadCore
import ForcePadLabFiles

/// The parts of a trial joined into one recording (``TrialParts``): each part after the first
/// is moved on the time axis to begin one frame after the part before it ended (each part's
/// loop clock starts again at zero when forcepad starts), and the events of a part that was
/// cut short end with its last finished press, so the press it was making when it was cut
/// (which the next part makes again) is not counted twice.
extension Recording {
    /// `parts`, first first, as one recording: their frames, events and accelerometer samples
    /// one after the other, each part already moved (``shifted(byMicros:)``). The description
    /// is the first part's, with the last part's end, the frames and losses of all of them,
    /// and the presses they finished; settings changed when they did in any part, or when a
    /// part was made differently from the first (``CaptureInfo/settingDifference(from:)``).
    init(joining parts: [Recording]) {
        precondition(!parts.isEmpty, "a trial has at least one part")
        let first = parts[0]
        var info = first.info
        let last = parts[parts.count - 1].info
        info.stopped = last.stopped
        info.stoppedBy = last.stoppedBy
        info.frames = parts.reduce(0) { $0 + $1.frames.rowCount }
        info.droppedFrames = parts.reduce(0) { $0 &+ $1.info.droppedFrames }
        info.firstTimeMicros = first.info.firstTimeMicros
        info.lastTimeMicros = last.lastTimeMicros
        info.pressesCompleted = parts.reduce(0) { $0 + $1.finishedPresses.count }
        info.missedPeriods = parts.allSatisfy { $0.info.missedPeriods != nil } ? parts.reduce(0) { $0 &+ ($1.info.missedPeriods ?? 0) } : nil
        info.settingsChanged = parts.contains { $0.info.settingsChanged || $0.info.settingDifference(from: first.info) != nil }
        var times: [Int64] = []
        var values: [Int32] = []
        for part in parts {
            times += part.frames.timesMicros
            values += part.frames.values
        }
        let events = parts.indices.flatMap { index in index == parts.count - 1 ? parts[index].events : parts[index].eventsThroughLastFinishedPress }
        let accelerations = parts.allSatisfy { $0.accelerations != nil } ? parts.flatMap { $0.accelerations ?? [] } : nil
        self.init(
            info: info, frames: ForceTrace(kind: first.frames.kind, cellCount: first.frames.cellCount, timesMicros: times, values: values),
            events: events, calibration: first.calibration, accelerations: accelerations)
    }

    /// The recording with every time moved `shift` µs later: frames, events (their stage and
    /// line times too), accelerometer samples and the description's first and last frame.
    func shifted(byMicros shift: Int64) -> Recording {
        guard shift != 0 else { return self }
        var info = info
        info.firstTimeMicros = info.firstTimeMicros.map { $0 + shift }
        info.lastTimeMicros = info.lastTimeMicros.map { $0 + shift }
        let events = events.map { event in
            var moved = event
            moved.timeMicros += shift
            moved.lineMicros = event.lineMicros.map { $0 + shift }
            moved.stageMicros = event.stageMicros.map { $0 + shift }
            return moved
        }
        let frames = ForceTrace(kind: frames.kind, cellCount: frames.cellCount, timesMicros: frames.timesMicros.map { $0 + shift }, values: frames.values)
        let accelerations = accelerations?.map { AccelerationSample(timeMicros: $0.timeMicros + shift, milliG: $0.milliG) }
        return Recording(info: info, frames: frames, events: events, calibration: calibration, accelerations: accelerations)
    }

    /// Time of the last frame (µs): the description's, else the frames'.
    var lastTimeMicros: Int64? { info.lastTimeMicros ?? frames.timesMicros.last }

    /// The presses of the recording that ended (released or cancelled), at most the trial's
    /// count, oldest first, as its events give them.
    var finishedPresses: [PressRecord] { Self.finishedPresses(events, trialPresses: info.trialPresses) }

    /// The presses among `events` that ended, at most `trialPresses`, oldest first.
    static func finishedPresses(_ events: [RecordedEvent], trialPresses: Int?) -> [PressRecord] {
        var assembler = PressRecordAssembler()
        for event in events {
            if let press = event.pressEvent { assembler.add(press) }
        }
        let finished = assembler.records.filter(\.isFinished)
        return trialPresses.map { Array(finished.prefix($0)) } ?? finished
    }

    /// How many presses recording `name` of the state directory finished, from its description
    /// and events alone (an endurance run's millions of frames are not read, nor its readings
    /// and travel samples: resuming a 7000-press trial parsed them into 1 GB).
    static func finishedPressCount(name: String, paths: LabPaths) throws(CommandFailure) -> Int {
        let directory = paths.recording(try CaptureName.validated(name))
        let info = try CaptureInfo.load(path: LabPaths.info(in: directory))
        let events = try readEvents(
            directory: directory, interrupted: info.isInterrupted, passingOver: [RecordedEvent.referenceSample, EventName.standSample.rawValue])
        return finishedPresses(events, trialPresses: info.trialPresses).count
    }

    /// The events up to the end of the last finished press (all of them when no press began):
    /// what a part that was cut short contributes to its trial.
    private var eventsThroughLastFinishedPress: [RecordedEvent] {
        let finished = finishedPresses
        guard let end = finished.last?.endedMicros else {
            let firstPress = events.first { $0.event == EventName.pressBegan.rawValue }
            return firstPress.map { began in events.filter { $0.timeMicros < began.timeMicros } } ?? events
        }
        return events.filter { $0.timeMicros <= end }
    }
}
