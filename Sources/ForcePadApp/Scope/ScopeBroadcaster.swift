import FlyingFox
import ForcePadCore
import ForcePadHAL
import FoundationEssentials

/// Sends every connected page of the browser scope the loop's frames and marks, on a thread
/// of its own (`fp-http-scope`): every ``messagePeriodMicros`` it takes what the
/// ``LiveForceTap`` kept and queues one message per page. A page says how many frames
/// messages it has received (`{"received":N}`, every few messages); a page more than
/// ``unacknowledgedMessages`` behind (a stalled browser, a slow network) is sent nothing
/// until it catches up: the messages it misses are lost, counted in its next message and in
/// ``statistics``. So a stalled page costs at most that many messages of memory here and in
/// the kernel's socket buffers, and a page that catches up shows the present, not a backlog.
/// Nothing here waits for a page, and the loop never waits for this thread.
final class ScopeBroadcaster: Sendable {
    /// What the shell's `http` shows.
    struct Statistics: Sendable {
        /// Pages connected now.
        var pages = 0
        /// Pages connected since the start, and those refused because ``mostPages`` were connected.
        var pagesServed: UInt64 = 0
        var pagesRefused: UInt64 = 0
        /// Messages queued to pages, and those dropped because a page's queue was full.
        var sentMessages: UInt64 = 0
        var lostMessages: UInt64 = 0
        /// Frames the loop or the tap dropped while pages watched.
        var lostFrames: UInt64 = 0
    }

    private struct Page {
        let queue: AsyncStream<WSFrame>.Continuation
        /// Frames messages queued to the page, and those it said it received.
        var queuedFrames: UInt64 = 0
        var receivedFrames: UInt64 = 0
        var lostFrames: UInt64 = 0
        var lostMessages: UInt64 = 0
        /// The settings this page was last sent, nil before its first message.
        var shownSettings: ControllerSettings?
    }

    private struct State {
        var pages: [Int: Page] = [:]
        var nextNumber = 0
        var viewer: LiveForceTap.Viewer?
        var statistics = Statistics()
    }

    /// How often a message goes to each page (µs): 20 a second.
    static let messagePeriodMicros: Int64 = 50_000
    /// Frames messages a page may be behind before it is sent no more (2 s of them).
    static let unacknowledgedMessages: UInt64 = 40
    /// Messages a page's queue holds: the unacknowledged ones, the settings and answers to
    /// pings; the oldest is dropped beyond it (counted).
    static let queuedMessages = 48
    /// Pages served at once; more are refused (each costs a queue and its share of the thread).
    static let mostPages = 8

    private let tap: LiveForceTap
    private let settings: PublishedSettings
    private let board: BoardDescription
    private let state = PosixMutex(State())
    private let thread = WorkerThread(name: "fp-http-scope")

    init(tap: LiveForceTap, settings: PublishedSettings, board: BoardDescription) {
        self.tap = tap
        self.settings = settings
        self.board = board
    }

    /// Starts the thread.
    func start() throws(DeviceError) {
        try thread.start { [self] in
            send()
            thread.rest(micros: Self.messagePeriodMicros)
            return .again
        }
    }

    /// Stops the thread, ends every page's stream and the tap's view.
    func stop() {
        thread.stop()
        let pages = state.withLock { state in
            defer { state.pages = [:] }
            if let viewer = state.viewer { tap.end(viewer) }
            state.viewer = nil
            return state.pages.values
        }
        // Outside the lock: finishing a stream calls its termination handler, which removes the page.
        for page in pages { page.queue.finish() }
    }

    /// A new page's queue of frames to send, and its number for ``remove(_:)``; nil when
    /// ``mostPages`` are connected.
    func add() -> (number: Int, frames: AsyncStream<WSFrame>, queue: AsyncStream<WSFrame>.Continuation)? {
        state.withLock { state in
            guard state.pages.count < Self.mostPages else {
                state.statistics.pagesRefused += 1
                return nil
            }
            let (frames, queue) = AsyncStream<WSFrame>.makeStream(bufferingPolicy: .bufferingNewest(Self.queuedMessages))
            state.nextNumber += 1
            state.pages[state.nextNumber] = Page(queue: queue)
            state.statistics.pagesServed += 1
            return (state.nextNumber, frames, queue)
        }
    }

    /// Forgets page `number` (it closed or went away).
    func remove(_ number: Int) {
        let page = state.withLock { state in state.pages.removeValue(forKey: number) }
        // Outside the lock: finishing calls the stream's termination handler, which comes back here.
        page?.queue.finish()
    }

    /// Page `number` has received `frames` frames messages since it connected.
    func acknowledge(_ number: Int, frames: UInt64) {
        state.withLock { state in
            guard let page = state.pages[number], frames <= page.queuedFrames else { return }
            state.pages[number]!.receivedFrames = max(page.receivedFrames, frames)
        }
    }

    var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.pages = state.pages.count
            return statistics
        }
    }

    /// One round: the tap's view follows whether a page watches; each page gets the settings
    /// when they changed for it, then the frames.
    func send() {
        let inForce = settings.current
        state.withLock { state in
            if state.pages.isEmpty {
                if let viewer = state.viewer { tap.end(viewer) }
                state.viewer = nil
                return
            }
            let viewer = state.viewer ?? tap.begin()
            state.viewer = viewer
            let batch = tap.take(viewer)
            let frames = ScopeMessage.frames(batch)
            var settingsText: String?
            state.statistics.lostFrames += batch.droppedFrames
            for number in state.pages.keys {
                var page = state.pages[number]!
                page.lostFrames += batch.droppedFrames
                if page.shownSettings != inForce {
                    settingsText = settingsText ?? ScopeMessage.settings(inForce, board: board)
                    queue(settingsText!, to: &page, statistics: &state.statistics)
                    page.shownSettings = inForce
                }
                if page.queuedFrames - page.receivedFrames >= Self.unacknowledgedMessages {
                    page.lostMessages += 1
                    state.statistics.lostMessages += 1
                } else {
                    let message = ScopeMessage.closingFrames(frames, lostFrames: page.lostFrames, lostMessages: page.lostMessages)
                    queue(message, to: &page, statistics: &state.statistics)
                    page.queuedFrames += 1
                }
                state.pages[number] = page
            }
        }
    }

    private func queue(_ text: String, to page: inout Page, statistics: inout Statistics) {
        let frame = WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(text.utf8))
        switch page.queue.yield(frame) {
        case .enqueued:
            statistics.sentMessages += 1
        case .dropped:
            statistics.sentMessages += 1
            statistics.lostMessages += 1
            page.lostMessages += 1
        case .terminated:
            break
        @unknown default:
            break
        }
    }
}
