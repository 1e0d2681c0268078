import ForcePadCore
import ForcePadHAL
import Glibc
import Logging
import Synchronization

/// A recording in progress: a thread of its own (never the loop's) takes raw frames off the
/// loop's frame ring and writes them to `frames.csv`, and writes the events the printer
/// tapped for the same time span to `events.jsonl` (and the accelerometer's samples to
/// `accelerations.csv`). It ends on request, when its trial has
/// counted its presses, or on a write error (the files keep what was written).
final class Capture: @unchecked Sendable {
    let name: String
    /// Presses a trial waits for; 0 for a plain recording.
    let trialPresses: Int
    private let link: LoopLink
    private let frames: FrameFeed
    private let tap: EventTap
    /// Hands every event the loop has reported so far to the tap; returns whether a stage's
    /// click still waits for the accelerometer's samples after it.
    private let pumpEvents: @Sendable () -> Bool
    /// Told, on the capture's thread, when it ends on an error (its name and the error).
    private let failed: @Sendable (String, String) -> Void
    private let logger: Logger
    private let framesFile: CaptureFile
    private let eventsFile: CaptureFile
    private let accelerationsFile: AccelerationsFile
    private let cellCount: Int
    private let worker = WorkerThread(name: "fp-recorder")
    private let done = Atomic<Bool>(false)
    private let frameCounter = Atomic<Int>(0)

    // Written by the capture thread; read by others only once `isDone`.
    private(set) var firstSequence: UInt64?
    private(set) var firstTimeMicros: Int64?
    /// Time of the last frame in the file (µs), and how many frames the file holds.
    private(set) var lastTimeMicros: Int64?
    private(set) var framesKept = 0
    /// Times of the frames handed to the file but not yet known to be in it (µs), oldest first.
    private var unconfirmedTimes: [Int64] = []
    /// Time of the last frame handed to the file (µs).
    private var lastAppendedMicros: Int64?
    /// Presses of a trial that had ended when the capture finished.
    private(set) var pressesEnded = 0
    /// Loop periods missed while capturing (frames never read), known once finished.
    private(set) var missedPeriods: UInt64 = 0
    /// The loop's missed-period count when the capture started.
    private var missedPeriodsAtStart: UInt64 = 0
    /// Why the capture ended early (a write error), or nil.
    private(set) var failure: String?
    /// Whether the events file failed (events are still written after the frames file fails,
    /// up to the last frame it holds).
    private var eventsFailed = false

    init(
        name: String, trialPresses: Int, link: LoopLink, frames: FrameFeed, tap: EventTap, cellCount: Int, paths: LabPaths,
        logger: Logger, pumpEvents: @escaping @Sendable () -> Bool, failed: @escaping @Sendable (String, String) -> Void
    ) throws(CommandFailure) {
        self.logger = logger
        self.failed = failed
        self.name = name
        self.trialPresses = trialPresses
        self.link = link
        self.frames = frames
        self.tap = tap
        self.cellCount = cellCount
        self.pumpEvents = pumpEvents
        framesFile = try CaptureFile(creating: paths.frames(name))
        eventsFile = try CaptureFile(creating: paths.events(name))
        accelerationsFile = AccelerationsFile(path: paths.accelerations(name))
        try framesFile.append("t_us," + (0..<cellCount).map { "ch\($0)" }.joined(separator: ",") + "\n")
    }

    /// Frames taken from the loop so far.
    var frameCount: Int { frameCounter.load(ordering: .relaxed) }

    /// Whether the capture thread has finished and closed the files.
    var isDone: Bool { done.load(ordering: .acquiring) }

    /// Starts the loop pushing frames and the thread writing them.
    func start() throws(CommandFailure) {
        frames.discardAll()
        link.droppedFrames.store(0, ordering: .relaxed)
        missedPeriodsAtStart = link.missedPeriods.load(ordering: .relaxed)
        tap.begin(trialPresses: trialPresses)
        link.ask(.recordingFrames)
        do {
            try worker.start { [self] in
                run()
                return .finished
            }
        } catch {
            link.withdraw(.recordingFrames)
            tap.end()
            throw CommandFailure("cannot start the recorder: \(error.description)")
        }
    }

    /// Asks the thread to finish and waits for it.
    func stop() {
        worker.stop()
    }

    /// Waits for a capture that ends by itself (a trial) for up to `timeoutMicros`.
    func waitUntilDone(timeoutMicros: Int64) -> Bool {
        link.progress.until(timeoutMicros: timeoutMicros) { isDone }
        if isDone { worker.join() }
        return isDone
    }

    private func run() {
        let clock = MonotonicClock()
        var lastFlush = clock.nowMicros()
        while !worker.isStopRequested && failure == nil {
            if let end = tap.trialProgress.endMicros, let last = lastAppendedMicros, last >= end {
                logger.notice("trial \(name) complete: \(CountText.of(trialPresses, "press")); trial report shows the statistics")
                break
            }
            if frameCount >= ForceTrace.maxRows {
                failure = "\(ForceTrace.maxRows) frames recorded, the most a replay reads; "
                    + (trialPresses > 0 ? "trial resume \(name) continues the trial in a new recording" : "start a new recording")
                break
            }
            let wrote = writeFrames()
            confirmFrames()
            writeEvents()
            if clock.nowMicros() - lastFlush >= Self.flushMicros {
                lastFlush = clock.nowMicros()
                flushFiles()
            }
            if !wrote { worker.rest(micros: Self.idleMicros) }
        }
        finish()
    }

    /// How long the thread rests when no frame was waiting (µs).
    static let idleMicros: Int64 = 2_000

    /// Longest time written lines wait in memory before they go to the files (µs).
    static let flushMicros: Int64 = 250_000

    /// Writes both files' buffers: frames first, then the events up to the last frame written.
    private func flushFiles() {
        if failure == nil {
            do {
                try framesFile.flush()
            } catch {
                failure = error.message
            }
            confirmFrames()
        }
        writeEvents()
        guard !eventsFailed else { return }
        do {
            try accelerationsFile.flush()
            try eventsFile.flush()
        } catch {
            eventsFailed = true
            if failure == nil { failure = error.message }
        }
    }

    /// Moves the frames the file now holds from unconfirmed to kept.
    private func confirmFrames() {
        let kept = max(framesFile.linesWritten - 1, 0)
        let newly = min(kept - framesKept, unconfirmedTimes.count)
        guard newly > 0 else { return }
        lastTimeMicros = unconfirmedTimes[newly - 1]
        unconfirmedTimes.removeFirst(newly)
        framesKept = kept
    }

    /// Stops the loop pushing, lets its last frames and events arrive, writes them and closes.
    private func finish() {
        link.withdraw(.recordingFrames)
        let ticks = link.ticks.load(ordering: .acquiring)
        link.progress.until(timeoutMicros: 100_000) { link.ticks.load(ordering: .acquiring) >= ticks + 2 }
        while writeFrames() {}
        // The last stage's click is measured once the samples after it have come.
        link.progress.until(timeoutMicros: FeltClickFollower.windowMicros * 2) { !pumpEvents() }
        flushFiles()
        writeAccelerations(through: .max)
        pressesEnded = tap.trialProgress.ended
        missedPeriods = link.missedPeriods.load(ordering: .relaxed) - missedPeriodsAtStart
        tap.end()
        for close in [framesFile.close, eventsFile.close, accelerationsFile.close] {
            do { try close() } catch { if failure == nil { failure = error.message } }
        }
        confirmFrames()
        if let failure { failed(name, failure) }
        done.store(true, ordering: .releasing)
    }

    /// Writes the frames waiting in the ring; returns whether there were any.
    private func writeFrames() -> Bool {
        guard failure == nil else {
            frames.discardAll()
            return false
        }
        var any = false
        while let frame = frames.pop() {
            any = true
            if firstSequence == nil { (firstSequence, firstTimeMicros) = (frame.sequence, frame.timeMicros) }
            lastAppendedMicros = frame.timeMicros
            unconfirmedTimes.append(frame.timeMicros)
            var line = String(frame.timeMicros)
            for cell in 0..<cellCount { line += "," + String(frame.counts[cell]) }
            line += "\n"
            do {
                try framesFile.append(line)
            } catch {
                failure = error.message
                confirmFrames()
                return false
            }
            frameCounter.add(1, ordering: .relaxed)
        }
        return any
    }

    /// Hands the accelerometer's samples up to `time` (µs) to `accelerations.csv`.
    private func writeAccelerations(through time: Int64) {
        let samples = tap.takeAccelerations(through: time)
        guard !eventsFailed, let first = firstTimeMicros else { return }
        do {
            try accelerationsFile.append(samples, from: first)
        } catch {
            eventsFailed = true
            if failure == nil { failure = error.message }
        }
    }

    /// Hands the tapped events up to the last frame in the file to the events file (later ones
    /// wait for their frame), and the accelerometer's samples up to it to its file.
    private func writeEvents() {
        guard !eventsFailed, let first = firstTimeMicros, let last = lastTimeMicros else { return }
        writeAccelerations(through: last)
        for event in tap.takeLines(through: last) where event.timeMicros >= first {
            do {
                try eventsFile.append(event.line + "\n")
            } catch {
                eventsFailed = true
                if failure == nil { failure = error.message }
                return
            }
        }
    }
}
