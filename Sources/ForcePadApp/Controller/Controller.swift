import ForcePadCore
import ForcePadHAL
import ForcePadShell
import Glibc
import Logging

/// The running controller as the shell sees it: the board and settings, the loop thread and
/// the thread that drains the loop's events. Used from the shell thread only; it talks to
/// the loop through the ``LoopLink``'s rings and mailbox, never by sharing state.
public final class Controller {
    public let board: BoardDescription
    /// Settings as last set (the loop has what was last sent through ``send(_:)``).
    public internal(set) var settings: ControllerSettings
    public let configSource: String
    public let stateDirectory: String
    /// Per-cell calibration in use.
    public let calibration: CalibrationSet
    public let logLevel: LogLevelSetting
    let logger: Logger
    private let link: LoopLink
    private var loopThread: PosixThread?
    private var eventThread: PosixThread?
    private var nextSequence: UInt64 = 1
    /// Longest the shell waits for the loop to acknowledge a command (µs).
    static let acknowledgeTimeoutMicros: Int64 = 2_000_000

    public init(
        board: BoardDescription, settings: ControllerSettings, configSource: String,
        stateDirectory: String, calibration: CalibrationSet, logLevel: LogLevelSetting
    ) throws(SetupError) {
        guard let simulation = board.simulation, board.isSimulated else {
            let models = Set(board.adcs.map(\.model.rawValue)).sorted().joined(separator: ", ")
            throw SetupError("board '\(board.name)' reads \(models) over I2C, which this version of forcepad cannot drive yet; run the simulated pad with --board sim")
        }
        self.board = board
        self.settings = settings
        self.configSource = configSource
        self.stateDirectory = stateDirectory
        self.calibration = calibration
        self.logLevel = logLevel
        let logger = Logger(label: "forcepad")
        self.logger = logger
        let press = PressSettings(thresholds: settings.thresholds, hysteresis: settings.hysteresis)
        let pipelineSettings = PipelineSettings(settings: settings, sampleRateHz: board.sampleRateHz)
        link = LoopLink(initial: LoopSnapshot(cellCount: board.geometry.cellCount, press: press, pipeline: pipelineSettings))
        let loop = ControlLoop(
            source: SimulatedPad(board: board, simulation: simulation),
            line: SimulatedHapticLine(),
            pipeline: ForcePipeline(calibrations: calibration.tables, geometry: board.geometry, settings: pipelineSettings),
            press: press,
            periodMicros: Int64(1_000_000 / board.sampleRateHz),
            link: link)
        do {
            loopThread = try PosixThread {
                var clock = MonotonicClock()
                loop.run(clock: &clock)
            }
            let link = link
            eventThread = try PosixThread { Self.drainEvents(link: link, logger: logger) }
        } catch {
            link.stopRequested.store(true, ordering: .relaxed)
            loopThread?.join()
            throw SetupError(error.description)
        }
        logger.info("started on board \(board.name) at \(board.sampleRateHz) Hz")
    }

    /// The newest snapshot from the loop.
    public func snapshot() -> LoopSnapshot { link.snapshots.latest() }

    /// Waits until the loop has produced its first frame (or `timeoutMicros` passed).
    public func waitForFirstFrame(timeoutMicros: Int64 = 1_000_000) -> Bool {
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + timeoutMicros
        while !snapshot().hasFrame {
            if clock.nowMicros() > deadline { return false }
            usleep(500)
        }
        return true
    }

    /// Sends a command to the loop and waits until it has been applied.
    public func send(_ command: LoopCommand) throws(CommandFailure) {
        let sequence = nextSequence
        nextSequence += 1
        guard link.commands.push(LoopCommandEnvelope(sequence: sequence, command: command)) else {
            throw CommandFailure("the loop is not taking commands (its queue is full); try again")
        }
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + Self.acknowledgeTimeoutMicros
        while snapshot().appliedCommand < sequence {
            if clock.nowMicros() > deadline {
                throw CommandFailure("the loop did not apply the command within 2s; check status for missed periods")
            }
            usleep(200)
        }
    }

    /// Makes `thresholds` (already checked) the loop's thresholds and records where they came from.
    public func apply(thresholds: Thresholds, preset: ThresholdPreset?) throws(CommandFailure) {
        var changed = settings
        changed.thresholds = thresholds
        changed.preset = preset
        try apply(changed)
    }

    /// Makes `filter` (already checked) the pipeline's filter.
    public func apply(filter: FilterSettings) throws(CommandFailure) {
        var changed = settings
        changed.filter = filter
        try apply(changed)
    }

    /// Sends everything the loop derives from `changed` and keeps it as the current settings.
    private func apply(_ changed: ControllerSettings) throws(CommandFailure) {
        try send(.setPress(PressSettings(thresholds: changed.thresholds, hysteresis: changed.hysteresis)))
        try send(.setPipeline(PipelineSettings(settings: changed, sampleRateHz: board.sampleRateHz)))
        settings = changed
    }

    /// Measures every cell's zero and waits for the outcome (``TareOutcome``).
    public func tare() throws(CommandFailure) -> TareOutcome {
        try send(.tare)
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + settings.baseline.tareMicros + Self.acknowledgeTimeoutMicros
        while true {
            let outcome = snapshot().tare
            if case .measuring = outcome {
                if clock.nowMicros() > deadline { throw CommandFailure("the tare did not finish in time; check status for missed periods") }
                usleep(1_000)
                continue
            }
            return outcome
        }
    }

    /// Time for the pipeline to settle after a step (µs): eight group delays of the filter
    /// plus spike rejection, plus two frames, which brings a one-pole or Butterworth filter
    /// within 0.1 % of the step.
    public var settleMicros: Int64 {
        let frames = 2 + 8 * FilterSummary(settings: settings.filter, sampleRateHz: board.sampleRateHz).delayFrames
        return Int64((frames * 1_000_000 / Double(board.sampleRateHz)).rounded(.up))
    }

    /// Lets `micros` of loop time pass on the shell thread (the loop keeps running).
    public func pause(micros: Int64) {
        if micros > 0 { usleep(useconds_t(min(micros, Int64(UInt32.max)))) }
    }

    /// Stops the loop (which drives the haptic line off) and the event thread.
    public func shutdown() {
        link.stopRequested.store(true, ordering: .relaxed)
        loopThread?.join()
        eventThread?.join()
        loopThread = nil
        eventThread = nil
    }

    deinit { shutdown() }

    /// Logs what the loop reports until the loop stops, then drains what is left.
    private static func drainEvents(link: LoopLink, logger: Logger) {
        while true {
            let stopping = link.stopRequested.load(ordering: .relaxed)
            while let event = link.events.pop() {
                switch event {
                case .overrun(let at, let missed):
                    logger.warning("loop overran: \(missed) period(s) skipped at t=\(at)us")
                case .readFailed(let at, let errno):
                    logger.error("frame read failed at t=\(at)us: \(ErrnoText.describe(errno))")
                case .hapticLineFailed(let at, let errno):
                    logger.error("haptic line could not be driven at t=\(at)us: \(ErrnoText.describe(errno))")
                case .simulationRefused(let sequence):
                    logger.error("command \(sequence) was for the simulated pad, which this board does not have")
                }
            }
            if stopping { return }
            usleep(5_000)
        }
    }
}
