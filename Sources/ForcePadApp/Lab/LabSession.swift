import ForcePadConfig
import ForcePadCore
import ForcePadLabFiles
import ForcePadHAL
import Glibc
import Logging
import Synchronization

/// The lab tools of a running controller: the calibration session, the recording (or trial)
/// in progress and the last one made. Used from the shell thread, and at a signal from the
/// thread that stops the controller (``shutdown()``), so starting, stopping and describing a
/// capture hold a lock; the capture writes on a thread of its own and hears the loop's
/// events through the ``EventTap``.
final class LabSession: @unchecked Sendable {
    /// Told of each trial that ended (its `recording.json`), under the lab's lock: the fleet
    /// station's outbox (`[mqtt]`). Set once, before the first trial.
    var trialConcluded: (@Sendable (CaptureInfo) -> Void)?
    /// Told, on the recorder's thread, when a recording ends on an error (its name and the
    /// error): the test stand stops making its presses. Set once, before the first recording.
    var recordingFailed: (@Sendable (String, String) -> Void)?
    let tap: EventTap
    let paths: LabPaths
    private let link: LoopLink
    private let frames: FrameFeed
    private let logger: Logger
    /// Hands every event the loop has reported so far to the tap (the event pump's pump).
    private let pumpEvents: @Sendable () -> Bool
    /// Held while a capture starts, stops or is described.
    private let lock = PosixMutex(())
    private var capture: Capture?
    private var captureInfo: CaptureInfo?
    /// Whether a setting the verdict depends on changed while capturing.
    private var captureSettingsChanged = false
    /// Name of the last trial started in this session.
    private(set) var lastTrial: String?
    /// The calibration being measured, if any.
    var calibration: CalibrationSession?

    /// `tap` is fed by the event pump, which `pumpEvents` runs (returning whether a stage's click
    /// still waits for the accelerometer's samples after it).
    init(link: LoopLink, tap: EventTap, stateDirectory: String, logger: Logger, pumpEvents: @escaping @Sendable () -> Bool) {
        guard let frames = FrameFeed(link: link) else {
            preconditionFailure("a second recorder on one LoopLink: its frames have one consumer")
        }
        self.link = link
        self.frames = frames
        self.tap = tap
        paths = LabPaths(stateDirectory: stateDirectory)
        self.logger = logger
        self.pumpEvents = pumpEvents
    }

    /// The capture in progress: its name, frames so far, and for a trial the presses it
    /// counts (0 for a recording) and how many have ended.
    var running: (name: String, frames: Int, trialPresses: Int, ended: Int)? {
        lock.withLock { _ in
            capture.map { ($0.name, $0.frameCount, $0.trialPresses, tap.trialProgress.ended) }
        }
    }

    /// For the capture in progress when it is a part of a resumed trial (`trial resume`): the
    /// part it continues and the presses the parts before it finished; nil otherwise.
    var runningPart: (resumes: String, pressesBefore: Int)? {
        lock.withLock { _ in
            captureInfo.flatMap { info in info.resumes.map { ($0, info.pressesBefore ?? 0) } }
        }
    }

    /// Starts recording `name` (a trial when `trialPresses` > 0): waits for the pad to rest,
    /// starts the frame ring, and tares with the recording running. A tare restarts the
    /// pipeline's filters and sets its zeros from the frames it reads, so a replay that repeats
    /// the tare on the same frame reproduces every event. `referencePeriodMicros` is the
    /// reference sensor's interval between readings (nil without one), kept with the recording.
    /// `plan` is what the trial's description keeps of how its presses are made: a stand's
    /// presses, and the part it continues.
    func start(
        name rawName: String, trialPresses: Int, referencePeriodMicros: Int64?, controller: any LabHost, plan: TrialPlan = TrialPlan()
    ) throws(CommandFailure) {
        try lock.withLock { _ throws(CommandFailure) in
            try startLocked(name: rawName, trialPresses: trialPresses, referencePeriodMicros: referencePeriodMicros, controller: controller, plan: plan)
        }
    }

    private func startLocked(
        name rawName: String, trialPresses: Int, referencePeriodMicros: Int64?, controller: any LabHost, plan: TrialPlan
    ) throws(CommandFailure) {
        try collectLocked()
        if let capture {
            throw CommandFailure("'\(capture.name)' is being recorded; stop it first (record stop or trial stop)")
        }
        let name = try CaptureName.validated(rawName)
        guard !LabPaths.exists(paths.recording(name)) else {
            throw CommandFailure("a recording named '\(name)' exists in \(paths.recordings); choose another name")
        }
        try RecordingTare.waitForRest(controller)
        try paths.makeFolder(paths.recording(name), new: true)
        let board = controller.board
        let started = WallClockText.utc()
        let capture: Capture
        do {
            capture = try Capture(
                name: name, trialPresses: trialPresses, link: link, frames: frames, tap: tap,
                cellCount: board.geometry.cellCount, paths: paths, logger: logger, pumpEvents: pumpEvents,
                failed: { [recordingFailed] name, failure in recordingFailed?(name, failure) })
            try capture.start()
        } catch {
            removeRecording(name)
            throw error
        }
        let startSnapshot = controller.snapshot()
        let zeros = (0..<board.geometry.cellCount).map { startSnapshot.cellCounts.zeros[$0] }
        let tareRow: Int
        do {
            tareRow = try RecordingTare.tare(controller, capture: capture)
        } catch {
            capture.stop()
            removeRecording(name)
            throw error
        }
        captureInfo = Self.describe(
            name: name, started: started, trialPresses: trialPresses, referencePeriodMicros: referencePeriodMicros, controller: controller,
            plan: plan)
        captureInfo?.zerosCounts = zeros
        captureInfo?.tareRow = tareRow
        captureSettingsChanged = false
        self.capture = capture
        if trialPresses > 0 { lastTrial = name }
        do {
            try controller.boardFile.text.write(atomicallyTo: paths.boardFile(name))
            try CalibrationFile.render(
                controller.calibration, board: board.name, version: ForcePadVersion.current, timestamp: started
            ).write(atomicallyTo: paths.calibration(name))
            // Described at once (no `stopped` yet), so a recording cut short by a kill is listed and replayed as interrupted.
            try captureInfo?.rendered().write(atomicallyTo: paths.info(name))
        } catch {
            _ = try? stopLocked(controller: controller, reason: "command")
            throw error
        }
    }

    /// Stops the capture in progress and writes its description; returns it.
    func stop(controller: any LabHost, reason: String) throws(CommandFailure) -> CaptureInfo {
        try lock.withLock { _ throws(CommandFailure) in try stopLocked(controller: controller, reason: reason) }
    }

    private func stopLocked(controller: (any LabHost)?, reason: String) throws(CommandFailure) -> CaptureInfo {
        guard let capture, var info = captureInfo else { throw CommandFailure("nothing is being recorded; start with record start NAME") }
        capture.stop()
        return try conclude(capture, info: &info, controller: controller, reason: reason)
    }

    /// Writes the description of a capture that ended by itself (a trial that counted its
    /// presses, or a write error), if one did.
    func collectFinishedCapture() throws(CommandFailure) {
        try lock.withLock { _ throws(CommandFailure) in try collectLocked() }
    }

    private func collectLocked() throws(CommandFailure) {
        guard let capture, capture.isDone, var info = captureInfo else { return }
        _ = capture.waitUntilDone(timeoutMicros: 0)
        _ = try conclude(capture, info: &info, controller: nil, reason: "trial complete")
    }

    /// Recording `name`, once it has ended: a capture that ended by itself is described
    /// first, and one still running is refused.
    func finishedRecording(_ name: String, board: BoardDescription) throws(CommandFailure) -> Recording {
        try collectFinishedCapture()
        if let running, running.name == name {
            throw CommandFailure("'\(name)' is still being recorded; stop it first")
        }
        return try Recording.load(name: name, paths: paths, board: board)
    }

    /// Waits up to `timeoutMicros` for a running trial to count its last press.
    func waitForTrial(timeoutMicros: Int64) -> Bool {
        lock.withLock { _ in
            guard let capture, capture.trialPresses > 0 else { return true }
            return capture.waitUntilDone(timeoutMicros: timeoutMicros)
        }
    }

    private func conclude(_ capture: Capture, info: inout CaptureInfo, controller: (any LabHost)?, reason: String) throws(CommandFailure) -> CaptureInfo {
        self.capture = nil
        captureInfo = nil
        info.stopped = WallClockText.utc()
        info.stoppedBy = capture.failure.map { "error: " + $0 } ?? reason
        info.frames = capture.framesKept
        info.droppedFrames = link.droppedFrames.load(ordering: .relaxed)
        info.firstTimeMicros = capture.firstTimeMicros
        info.lastTimeMicros = capture.lastTimeMicros
        if info.trialPresses != nil { info.pressesCompleted = capture.pressesEnded }
        info.missedPeriods = capture.missedPeriods
        info.settingsChanged = captureSettingsChanged
        try info.rendered().write(atomicallyTo: paths.info(info.name))
        if info.trialPresses != nil { trialConcluded?(info) }
        if let failure = capture.failure {
            logger.error("recording '\(info.name)' stopped: \(failure); \(CountText.of(info.frames, "frame")) kept")
        }
        return info
    }

    /// A setting changed (thresholds, hysteresis, filter, haptics): a capture in progress
    /// records that its verdict cannot stand.
    func noteSettingsChange() {
        lock.withLock { _ in if capture != nil { captureSettingsChanged = true } }
    }

    /// Stops a capture when the controller shuts down or is stopped by a signal (its files
    /// are kept and described).
    func shutdown() {
        lock.withLock { _ in
            guard let capture else { return }
            do throws(CommandFailure) {
                if capture.isDone { try collectLocked() } else { _ = try stopLocked(controller: nil, reason: "shutdown") }
            } catch {
                logger.error("recording not described: \(error.message)")
            }
        }
    }

    private func removeRecording(_ name: String) {
        for path in [paths.frames(name), paths.events(name), paths.info(name), paths.calibration(name)] { unlink(path) }
        rmdir(paths.recording(name))
    }
}

extension String {
    /// Writes the string to `path` atomically (temporary file, fsync, rename).
    func write(atomicallyTo path: String) throws(CommandFailure) {
        do {
            try AtomicFileWriter.write(self, to: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
