import ForcePadConfig
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
    /// Names and ids of the configured haptic patterns.
    public private(set) var patterns: HapticPatternCatalog
    let logger: Logger
    private let link: LoopLink
    private let printer: EventPrinter
    private let menuSlots = MenuSlots()
    /// Calibration, recordings, trials and reports.
    let lab: LabSession
    /// The shell's console, for commands that write while they run (`monitor`, `wait`).
    public let consoleOutput: ConsoleOutput
    /// Static and dynamic shortcuts, and where the dynamic ones are kept.
    public private(set) var shortcuts: ShortcutRegistry
    private var shortcutStore: DynamicShortcutsStore
    /// The trace the simulated pad plays (kept alive while the loop may read it).
    private var playingTrace: TraceStorage?
    private var loopThread: PosixThread?
    /// Where the haptic line was found (chip, offset, name); nil on a simulated board.
    public private(set) var hapticLine: GPIOLineIdentity?
    /// Measures the haptic line's real edges through the board's `[feedback]` wire; nil without one.
    public private(set) var edgeWatcher: HapticEdgeWatcher?
    private var eventThread: PosixThread?
    private var nextSequence: UInt64 = 1
    /// How the loop thread is scheduled (what the real-time request got).
    public private(set) var realTimeOutcome = RealTimeOutcome(fifoPriority: nil, cpu: nil, memoryLocked: false, warnings: [])
    /// Held while running when the real-time request limits the CPU wake-up latency.
    private var cpuWakeLatency: CPUWakeLatencyRequest?
    /// The name `gpioinfo` shows as the haptic line's user.
    static let gpioConsumer = "forcepad"
    /// Longest the shell waits for the loop to acknowledge a command (µs).
    static let acknowledgeTimeoutMicros: Int64 = 2_000_000

    public init(
        board: BoardDescription, settings: ControllerSettings, configSource: String,
        stateDirectory: String, calibration: CalibrationSet, logLevel: LogLevelSetting,
        output: ConsoleOutput, outputMode: SharedOutputMode, realTime: RealTimeRequest = .none
    ) throws(SetupError) {
        self.board = board
        self.settings = settings
        self.configSource = configSource
        self.stateDirectory = stateDirectory
        self.calibration = calibration
        self.logLevel = logLevel
        let logger = Logger(label: "forcepad")
        self.logger = logger
        var store = DynamicShortcutsStore(stateDirectory: stateDirectory)
        var dynamic: [DynamicShortcut] = []
        do {
            dynamic = try store.load()
        } catch {
            logger.error("dynamic shortcuts not loaded: \(error.description); they are kept on disk and not overwritten")
        }
        shortcutStore = store
        shortcuts = ShortcutRegistry(
            staticShortcuts: settings.shortcuts, dynamicShortcuts: dynamic,
            commandCheck: ShellCommandCheck(table: ShellCommandTable.table))
        do {
            patterns = try HapticPatternCatalog(patterns: settings.haptics.patterns)
        } catch {
            throw SetupError("haptic patterns: \(error)")
        }
        let recognizer = PressRecognizerSettings(settings)
        let haptics = HapticSchedulerSettings(settings.haptics)
        let pipelineSettings = PipelineSettings(settings: settings, sampleRateHz: board.sampleRateHz)
        let link = LoopLink(initial: LoopSnapshot(
            cellCount: board.geometry.cellCount, recognizer: recognizer, haptics: haptics))
        self.link = link
        let lab = LabSession(link: link, stateDirectory: stateDirectory, logger: logger)
        self.lab = lab
        let printer = EventPrinter(
            link: link, formatter: EventFormatter(patternNames: patterns.names, geometry: board.geometry, sensorDevice: board.bus?.device ?? "the simulated pad"),
            output: output, mode: outputMode, logger: logger, menuSlots: menuSlots, tap: lab.tap)
        self.printer = printer
        lab.attach(settle: { printer.settle() })
        consoleOutput = output
        let pipeline = ForcePipeline(calibrations: calibration.tables, geometry: board.geometry, settings: pipelineSettings)
        let catalog = patterns
        /// The loop over `source` and `line`, as the body of its thread.
        func loopBody<Source: FrameSource & ~Copyable & SendableMetatype, Line: HapticLine & ~Copyable & SendableMetatype>(
            _ source: consuming Source, _ line: consuming Line
        ) -> @Sendable () -> Void {
            let loop = ControlLoop(
                source: source, line: line, pipeline: pipeline, recognizer: recognizer, haptics: haptics,
                patterns: catalog.bank, periodMicros: Int64(1_000_000 / board.sampleRateHz), link: link,
                faults: settings.faults)
            return {
                var clock = MonotonicClock()
                loop.run(clock: &clock)
            }
        }
        let runLoop: @Sendable () -> Void
        if let simulation = board.simulation, board.isSimulated {
            runLoop = loopBody(SimulatedPad(board: board, simulation: simulation), SimulatedHapticLine())
        } else {
            do {
                let sensor = try I2CFrameSource(board: board)
                let line = try GPIOOutputLine(board.haptic, consumer: Self.gpioConsumer)
                hapticLine = line.identity
                if let feedback = board.feedback {
                    edgeWatcher = try HapticEdgeWatcher(
                        feedback: feedback, hapticActiveLow: board.haptic.activeLow, consumer: Self.gpioConsumer, link: link)
                }
                runLoop = loopBody(sensor, line)
            } catch {
                throw SetupError(error.description, exitCode: 1)
            }
        }
        do {
            let wakeLatency = realTime.limitsCPUWakeLatency ? CPUWakeLatencyRequest() : nil
            (loopThread, realTimeOutcome) = try PosixThread.startRealTime(realTime, body: runLoop)
            if let refusal = wakeLatency?.refusal {
                realTimeOutcome.warnings.append(
                    "CPU wake-up latency not limited (\(refusal)): the loop may wake late from deep idle states; run as root or pass --no-rt")
            } else if let wakeLatency {
                realTimeOutcome.cpuWakeLatencyLimited = true
                cpuWakeLatency = wakeLatency
            }
            try edgeWatcher?.start()
            eventThread = try PosixThread {
                while !link.stopRequested.load(ordering: .relaxed) {
                    printer.drainInBackground()
                    usleep(5_000)
                }
            }
        } catch {
            link.stopRequested.store(true, ordering: .relaxed)
            loopThread?.join()
            edgeWatcher?.join()
            throw SetupError(error.description)
        }
        for warning in realTimeOutcome.warnings { logger.warning("\(warning)") }
        logger.info("started on board \(board.name) at \(board.sampleRateHz) Hz, \(realTimeOutcome.summary)")
        offerShortcutsOnThePad()
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

    /// Makes `hysteresis` (already checked) the recogniser's.
    public func apply(hysteresis: Hysteresis) throws(CommandFailure) {
        var changed = settings
        changed.hysteresis = hysteresis
        try apply(changed)
    }

    /// Makes `haptics` (already checked) the scheduler's settings.
    public func apply(haptics: HapticSettings) throws(CommandFailure) {
        try send(.setHaptics(HapticSchedulerSettings(haptics)))
        settings.haptics = haptics
    }

    /// Adds or replaces the pattern `name` (checked against the safety limits by the caller).
    public func setPattern(_ name: String, _ pattern: HapticPattern) throws(CommandFailure) {
        var named = settings.haptics.patterns
        named[name] = pattern
        let catalog: HapticPatternCatalog
        do {
            catalog = try HapticPatternCatalog(patterns: named)
        } catch {
            throw CommandFailure("cannot add pattern '\(name)': \(error)")
        }
        guard catalog.names == patterns.names else {
            throw CommandFailure("pattern '\(name)' is new: patterns are named in the config file ([haptics.patterns]); this command changes existing ones (\(patterns.names.joined(separator: ", ")))")
        }
        try send(.setPattern(catalog.id(named: name)!, CompiledHapticPattern(pattern)))
        settings.haptics.patterns = named
        patterns = catalog
    }

    /// Plays `pattern` now, reported under the name of `id` (or `test`).
    public func play(_ pattern: HapticPattern, as id: HapticPatternID) throws(CommandFailure) {
        try send(.playPattern(id, CompiledHapticPattern(pattern)))
    }

    /// Cancels the press in progress (`press.cancelled`, reason `command`).
    public func cancelPress() throws(CommandFailure) {
        try send(.cancelPress)
    }

    /// Plays `trace` on the simulated pad and keeps it alive while the loop may read it.
    public func play(trace: ForceTrace) throws(CommandFailure) {
        let storage = TraceStorage(trace)
        try send(.simulate(.play(storage.view)))
        playingTrace = storage
    }

    /// Adds a dynamic shortcut and saves the list (nothing changes if saving fails).
    public func addShortcut(_ shortcut: DynamicShortcut) throws(CommandFailure) -> ShortcutEntry {
        var changed = shortcuts
        let entry: ShortcutEntry
        do {
            entry = try changed.add(shortcut)
        } catch {
            throw CommandFailure(error.message)
        }
        try save(changed)
        return entry
    }

    /// Removes a dynamic shortcut and saves the list (nothing changes if saving fails).
    public func removeShortcut(type: String) throws(CommandFailure) {
        var changed = shortcuts
        do {
            _ = try changed.remove(type: type)
        } catch {
            throw CommandFailure(error.message)
        }
        try save(changed)
    }

    private func save(_ changed: ShortcutRegistry) throws(CommandFailure) {
        do {
            try shortcutStore.save(changed.dynamicShortcuts, timestamp: WallClockText.utc())
        } catch {
            throw CommandFailure(error.description)
        }
        shortcuts = changed
        offerShortcutsOnThePad()
    }

    /// Tells the loop how many shortcuts the pad's menu offers, and the menu which ones.
    private func offerShortcutsOnThePad() {
        let shown = shortcuts.visible
        menuSlots.update(shown.map { ($0.type, $0.definition.title) })
        let enabled = settings.quickActions.enabled && board.geometry.cellCount > 1
        var menu = settings.quickActions
        menu.enabled = enabled
        do {
            try send(.setQuickActions(menu, shown: shown.count, opened: patterns.id(named: "menu"), tick: patterns.id(named: "tick")))
        } catch {
            logger.error("the pad's quick-action menu was not updated: \(error.message)")
        }
    }

    /// Performs the shortcut chosen on the pad's menu, if one is waiting (on the shell thread).
    public func performChosenShortcut(context: ShellContext) -> [String] {
        guard let type = menuSlots.takeChosen() else { return [] }
        return performShortcut(.typeOrSlot(type), context: context).1
    }

    /// Performs a shortcut: its command runs through the shell as if typed. Returns the
    /// outcome (also printed as a `shortcut.performed` event) and the command's answer lines.
    public func performShortcut(_ reference: ShortcutReference, context: ShellContext) -> (ShortcutOutcome, [String]) {
        var lines: [String] = []
        let outcome = shortcuts.perform(reference) { definition in
            let answer = ShellCommandTable.table.execute(definition.command, context: context)
            switch answer.result {
            case .success:
                lines = context.mode == .json ? [answer.jsonLine] : answer.humanLines
                return nil
            case .failure(let failure):
                return failure.message
            }
        }
        flushEvents()
        printer.print(shortcut: outcome, atMicros: snapshot().force.timeMicros)
        return (outcome, lines)
    }

    /// Sends everything the loop derives from `changed` and keeps it as the current settings.
    private func apply(_ changed: ControllerSettings) throws(CommandFailure) {
        try send(.setRecognizer(PressRecognizerSettings(changed)))
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

    /// Stops the loop from another thread (a signal): waits up to a second for it to drive the
    /// haptic line off, then prints the last events and ends a recording in progress (its
    /// files are kept and described). Returns whether the loop stopped.
    public func stopFromAnotherThread() -> Bool {
        link.stopRequested.store(true, ordering: .relaxed)
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + 1_000_000
        while !link.stopped.load(ordering: .acquiring) && clock.nowMicros() < deadline { usleep(1_000) }
        printer.drain()
        lab.shutdown()
        return link.stopped.load(ordering: .acquiring)
    }

    /// Prints the events the loop has reported so far (before an answer, to keep order).
    public func flushEvents() { printer.drain() }

    /// Whether events print as they come (true), or wait for ``takeEventLines()`` because an
    /// interactive shell is showing its input line.
    public func printEventsInBackground(_ enabled: Bool) {
        printer.printsInBackground.store(enabled, ordering: .relaxed)
    }

    /// The events reported so far, as lines for the console, without printing them.
    public func takeEventLines() -> [String] { printer.drainLines() }

    /// Stops the loop (which drives the haptic line off) and the event thread, then prints
    /// the last events.
    public func shutdown() {
        lab.shutdown()
        link.stopRequested.store(true, ordering: .relaxed)
        loopThread?.join()
        edgeWatcher?.join()
        eventThread?.join()
        loopThread = nil
        eventThread = nil
        printer.drain()
    }

    deinit { shutdown() }
}
