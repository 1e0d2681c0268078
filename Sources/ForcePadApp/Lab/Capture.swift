import ForcePadShell
import ForcePadCore
import ForcePadHAL
import Glibc
import Synchronization

/// A recording in progress: a thread of its own (never the loop's) takes raw frames off the
/// loop's frame ring and writes them to `frames.csv`, and writes the events the printer
/// tapped for the same time span to `events.jsonl`. It ends on request, when its trial has
/// counted its presses, or on a write error (the files keep what was written).
final class Capture: @unchecked Sendable {
    let name: String
    /// Presses a trial waits for; 0 for a plain recording.
    let trialPresses: Int
    private let link: LoopLink
    private let tap: EventTap
    /// Waits until every event the loop has reported so far has passed through the tap.
    private let settleEvents: @Sendable () -> Void
    private let framesFile: CaptureFile
    private let eventsFile: CaptureFile
    private let cellCount: Int
    private let stopRequested = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)
    private let frameCounter = Atomic<Int>(0)
    private var thread: PosixThread?

    // Written by the capture thread; read by others only once `isDone`.
    private(set) var firstSequence: UInt64?
    private(set) var firstTimeMicros: Int64?
    private(set) var lastTimeMicros: Int64?
    /// Why the capture ended early (a write error), or nil.
    private(set) var failure: String?

    init(
        name: String, trialPresses: Int, link: LoopLink, tap: EventTap, cellCount: Int, paths: LabPaths,
        settleEvents: @escaping @Sendable () -> Void
    ) throws(CommandFailure) {
        self.name = name
        self.trialPresses = trialPresses
        self.link = link
        self.tap = tap
        self.cellCount = cellCount
        self.settleEvents = settleEvents
        framesFile = try CaptureFile(creating: paths.frames(name))
        eventsFile = try CaptureFile(creating: paths.events(name))
        try framesFile.append("t_us," + (0..<cellCount).map { "ch\($0)" }.joined(separator: ",") + "\n")
    }

    /// Frames written so far.
    var frameCount: Int { frameCounter.load(ordering: .relaxed) }

    /// Whether the capture thread has finished and closed the files.
    var isDone: Bool { done.load(ordering: .acquiring) }

    /// Starts the loop pushing frames and the thread writing them.
    func start() throws(CommandFailure) {
        while link.frames.pop() != nil {}
        link.droppedFrames.store(0, ordering: .relaxed)
        tap.begin(trialPresses: trialPresses)
        link.recordingFrames.store(true, ordering: .releasing)
        do {
            thread = try PosixThread { [self] in run() }
        } catch {
            link.recordingFrames.store(false, ordering: .releasing)
            tap.end()
            throw CommandFailure("cannot start the recorder: \(error.description)")
        }
    }

    /// Asks the thread to finish and waits for it.
    func stop() {
        stopRequested.store(true, ordering: .releasing)
        thread?.join()
        thread = nil
    }

    /// Waits for a capture that ends by itself (a trial) for up to `timeoutMicros`.
    func waitUntilDone(timeoutMicros: Int64) -> Bool {
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + timeoutMicros
        while !isDone && clock.nowMicros() < deadline { usleep(2_000) }
        if isDone {
            thread?.join()
            thread = nil
        }
        return isDone
    }

    private func run() {
        while !stopRequested.load(ordering: .acquiring) && failure == nil {
            if let end = tap.trialProgress.endMicros, let last = lastTimeMicros, last >= end { break }
            let wrote = writeFrames()
            writeEvents()
            if !wrote { usleep(2_000) }
        }
        finish()
    }

    /// Stops the loop pushing, lets its last frames and events arrive, writes them and closes.
    private func finish() {
        link.recordingFrames.store(false, ordering: .releasing)
        let ticks = link.snapshots.latest().counters.ticks
        let clock = MonotonicClock()
        var deadline = clock.nowMicros() + 100_000
        while link.snapshots.latest().counters.ticks < ticks + 2 && clock.nowMicros() < deadline { usleep(500) }
        while writeFrames() {}
        deadline = clock.nowMicros() + 500_000
        while link.events.count > 0 && clock.nowMicros() < deadline { usleep(1_000) }
        settleEvents()
        writeEvents()
        tap.end()
        for file in [framesFile, eventsFile] {
            do {
                try file.close()
            } catch {
                if failure == nil { failure = error.message }
            }
        }
        done.store(true, ordering: .releasing)
    }

    /// Writes the frames waiting in the ring; returns whether there were any.
    private func writeFrames() -> Bool {
        guard failure == nil else {
            while link.frames.pop() != nil {}
            return false
        }
        var any = false
        while let frame = link.frames.pop() {
            any = true
            if firstSequence == nil {
                firstSequence = frame.sequence
                firstTimeMicros = frame.timeMicros
            }
            lastTimeMicros = frame.timeMicros
            var line = String(frame.timeMicros)
            for cell in 0..<cellCount {
                line += ","
                line += String(frame.counts[cell])
            }
            line += "\n"
            do {
                try framesFile.append(line)
            } catch {
                failure = error.message
                return false
            }
            frameCounter.add(1, ordering: .relaxed)
        }
        return any
    }

    /// Writes the tapped events up to the last frame written (later ones wait for their frame).
    private func writeEvents() {
        guard failure == nil, let first = firstTimeMicros, let last = lastTimeMicros else { return }
        for event in tap.takeLines(through: last) where event.timeMicros >= first {
            do {
                try eventsFile.append(event.line + "\n")
            } catch {
                failure = error.message
                return
            }
        }
    }
}
