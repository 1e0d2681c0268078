import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import Glibc
import Logging

/// The running controller as the shell sees it: the board, the settings in force and the
/// façade that changes them, the running loop (``LoopRuntime``), the shortcuts and the lab
/// tools. Used from the shell thread only; a signal stops it through ``stopper``.
public final class Controller {
    public let board: BoardDescription
    /// The board file as read (its text and content digest), for recordings to keep.
    public let boardFile: BoardFile
    /// Settings in force: checked by ``SettingsRules`` and applied by the loop.
    public internal(set) var settings: ControllerSettings {
        didSet {
            publishUnsavedKeys()
            runtime.pump.useThresholds(settings.thresholds)
            runtime.settingsInForce.publish(settings)
        }
    }
    /// The config files the settings came from, for messages (`a.toml + b.toml`).
    public let configSource: String
    /// The lab's and the user's config files, which `config diff` and `config save` use.
    public let configFiles: ConfigFiles
    /// The settings as last loaded or saved: what `quit` compares with to warn about
    /// changes that would be lost.
    public internal(set) var savedSettings: ControllerSettings {
        didSet { publishUnsavedKeys() }
    }
    /// ``unsavedKeys`` as of the last change, for a signal's thread (which must not read
    /// ``settings``) to name at shutdown.
    let unsavedKeysForSignals = PosixMutex<[String]>([])
    public let stateDirectory: String
    /// What names this board's state files (``BoardStateKey``): its name, or its name and
    /// content digest when another board file of that name owns the plain names.
    public let boardStateKey: String
    /// Per-cell calibration in use: the one loaded at start, or the last `calibrate use`.
    public internal(set) var calibration: CalibrationSet {
        didSet { runtime.settingsInForce.publish(calibrationCRC32: CRC32.hex(calibration.checksum(board: board.name))) }
    }
    /// The calibrations the loop may hold: the one in use, and any sent to it in a command it
    /// did not acknowledge. Kept here so the loop never frees one (it only lets go of it).
    var loopCalibrations: [CalibrationBank]
    public let logLevel: LogLevelSetting
    /// Names and ids of the configured haptic patterns.
    public private(set) var patterns: HapticPatternCatalog
    let logger: Logger
    let runtime: LoopRuntime
    /// Calibration, recordings, trials and reports.
    let lab: LabSession
    /// Static and dynamic shortcuts, and what the pad's menu offers.
    let shortcutService: ShortcutService
    /// The shell's console, for commands that write while they run (`monitor`, `wait`).
    public let consoleOutput: ConsoleOutput
    /// Feeds systemd's watchdog from the loop's progress; nil when no watchdog is set.
    private var serviceWatchdog: LoopWatchdog?
    /// The trace the simulated pad plays (kept alive while the loop may read it).
    var playingTrace: TraceStorage?
    /// When the trace the simulated pad plays ends (µs, monotonic clock), nil when none plays.
    var traceEndsMicros: Int64?
    /// The settings in force at start (the board's and the config file's): what `*RST` puts back.
    public let startSettings: ControllerSettings
    /// The machine's serial number for `*IDN?` (``MachineSerialNumber``), read once at start.
    public let serialNumber: String

    /// Checks `settings` for `board`, starts the loop and its threads. `commandCheck` says
    /// which shell commands a shortcut may run; `moreSinks` join the pump's own (a fleet
    /// station's, when `[mqtt]` is set).
    init(
        boardFile: BoardFile, settings: ControllerSettings, configSource: String, configFiles: ConfigFiles,
        stateDirectory: String, boardStateKey: String, calibration: CalibrationSet, logLevel: LogLevelSetting,
        output: ConsoleOutput, outputMode: SharedOutputMode, commandCheck: any ShortcutCommandCheck,
        realTime: RealTimeRequest = .none, serialNumber: String = MachineSerialNumber.read(),
        moreSinks: [any EventSink] = []
    ) throws(SetupError) {
        let board = boardFile.board
        self.board = board
        self.boardFile = boardFile
        self.boardStateKey = boardStateKey
        self.settings = settings
        startSettings = settings
        self.serialNumber = serialNumber
        self.configSource = configSource
        self.configFiles = configFiles
        savedSettings = settings
        self.stateDirectory = stateDirectory
        self.calibration = calibration
        self.logLevel = logLevel
        consoleOutput = output
        let logger = Logger(label: "forcepad")
        self.logger = logger
        let assembly = try LoopAssembly(board: board, calibration: calibration, settings: settings)
        loopCalibrations = [assembly.calibrationBank]
        patterns = assembly.patterns
        let shortcutService = ShortcutService(
            staticShortcuts: settings.shortcuts, stateDirectory: stateDirectory, commandCheck: commandCheck, logger: logger)
        self.shortcutService = shortcutService
        let tap = EventTap()
        let formatter = EventFormatter(
            patternNames: assembly.patterns.names, geometry: board.geometry, sensorDevice: board.bus?.device ?? "the simulated pad",
            lineIsSimulated: board.isSimulated)
        let printer = EventPrinter(formatter: formatter, mode: outputMode, logger: logger)
        let driverCalibration = Self.savedDriverCalibration(board: board, stateKey: boardStateKey, stateDirectory: stateDirectory, logger: logger)
        runtime = try LoopRuntime(assembly: assembly, realTime: realTime, driverCalibration: driverCalibration) { link, stages, live, stand in
            // The console first, then the recorder, the menu, the live view and the stand: their lines follow the event's own.
            let sinks: [any EventSink] = [
                ConsoleEventSink(printer: printer), RecorderEventSink(tap: tap, printer: printer, link: link),
                MenuEventSink(menuSlots: shortcutService.menuSlots, printer: printer), LiveForceSink(tap: live),
            ] + (stand.map { [StandEventSink(stand: $0)] } ?? []) + moreSinks
            return EventPump(
                link: link, sinks: sinks, output: output, mode: outputMode, patternName: { formatter.patternName($0) },
                driverStages: stages)
        }
        let pump = runtime.pump
        pump.useThresholds(settings.thresholds)
        runtime.settingsInForce.publish(calibrationCRC32: CRC32.hex(calibration.checksum(board: board.name)))
        lab = LabSession(link: runtime.link, tap: tap, stateDirectory: stateDirectory, logger: logger) {
            pump.pump()
            return pump.isWaitingForClicks()
        }
        for warning in runtime.realTimeOutcome.warnings { logger.warning("\(warning)") }
        logger.info("started on board \(board.name) at \(board.sampleRateHz) Hz, \(runtime.realTimeOutcome.summary)")
        if let cpu = runtime.realTimeOutcome.cpu, let choice = runtime.realTimeOutcome.cpuChoice {
            logger.info("loop on CPU \(cpu), the fewest device interrupts since boot: \(choice)")
        }
        offerShortcutsOnThePad()
    }

    // MARK: The loop

    /// The newest snapshot from the loop.
    public func snapshot() -> LoopSnapshot { runtime.snapshot() }

    /// The loop's time now (µs), readable from any thread.
    public var loopTime: @Sendable () -> Int64 { { [link = runtime.link] in link.loopMicrosNow() } }

    /// Sends a command to the loop and waits until it has been applied. A command to the
    /// simulated pad ends the trace it was playing.
    public func send(_ command: LoopCommand) throws(CommandFailure) {
        try runtime.send(command)
        if case .simulate = command { traceEndsMicros = nil }
    }

    /// Waits until the loop has produced its first frame (or `timeoutMicros` passed).
    public func waitForFirstFrame(timeoutMicros: Int64 = 1_000_000) -> Bool {
        runtime.waitForFirstFrame(timeoutMicros: timeoutMicros)
    }

    /// Starts feeding systemd's watchdog (period `watchdogMicros`) through `notifier` from
    /// the loop's progress; a stall or a sensor lost beyond `faults.restart_after` ends the
    /// pings (``LoopWatchdog``) and is logged as critical.
    public func startServiceWatchdog(_ notifier: ServiceNotifier, watchdogMicros: Int64) throws(SetupError) {
        let logger = logger
        let watchdog = LoopWatchdog(
            link: runtime.link, notifier: notifier, watchdogMicros: watchdogMicros,
            lostBudgetMicros: settings.faults.restartAfterMicros, cutOff: runtime.lineCutOff,
            driverStandby: { [driver = runtime.hapticDriver] in
                guard let driver else { return "" }
                return driver.enterStandby().map { ", haptic driver not in standby (\($0))" } ?? ", haptic driver in standby"
            }
        ) { message in logger.critical("\(message)") }
        do {
            try watchdog.start()
        } catch {
            throw SetupError("cannot start the service watchdog: \(error.description)")
        }
        serviceWatchdog = watchdog
    }

    /// What a signal may use to stop the loop from another thread.
    var stopper: LoopStopper { runtime.stopper }

    // MARK: Instrument reset and completion

    /// `*OPC?`: waits until the work commands left running has ended (the trace the simulated
    /// pad plays, and the pattern the haptic line plays), at most `timeoutMicros`, then prints
    /// the events reported so far. Every other command has finished when it answers.
    public func waitForPendingOperations(timeoutMicros: Int64) throws(CommandFailure) {
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + timeoutMicros
        if let ends = traceEndsMicros {
            pause(micros: min(ends + settleMicros, deadline) - clock.nowMicros())
            if clock.nowMicros() < ends + settleMicros {
                throw CommandFailure("the trace being played has not ended within \(timeoutMicros / 1000)ms; wait longer, or sim release to stop it")
            }
            traceEndsMicros = nil
        }
        guard runtime.link.progress.until(timeoutMicros: deadline - clock.nowMicros(), { !snapshot().hapticPlaying }) else {
            throw CommandFailure("the haptic line is still playing after \(timeoutMicros / 1000)ms (trigger-level haptics last while the stage is held); release the press or haptic off")
        }
        flushEvents()
    }

    // MARK: Tare and timing

    /// Measures every cell's zero and waits for the outcome (``TareOutcome``).
    public func tare() throws(CommandFailure) -> TareOutcome {
        try send(.tare)
        let finished = runtime.link.progress.until(timeoutMicros: settings.baseline.tareMicros + LoopRuntime.acknowledgeTimeoutMicros) {
            if case .measuring = snapshot().tare { false } else { true }
        }
        guard finished else { throw CommandFailure("the tare did not finish in time; check status for missed periods") }
        return snapshot().tare
    }

    /// Time for the pipeline to settle after a step (µs), ``FilterDelay/settleMicros``.
    public var settleMicros: Int64 { FilterDelay(settings: settings.filter, sampleRateHz: board.sampleRateHz).settleMicros }

    /// Lets `micros` of loop time pass on the shell thread (the loop keeps running).
    public func pause(micros: Int64) {
        LoopWait.pause(micros: micros)
    }

    /// Waits until `condition` holds, checked now and after each loop period, at most
    /// `timeoutMicros` of loop time (µs); returns whether it held.
    @discardableResult
    public func waitForLoop(timeoutMicros: Int64, _ condition: () -> Bool) -> Bool {
        runtime.link.progress.until(timeoutMicros: timeoutMicros, condition)
    }

    // MARK: Events and shutdown

    /// Prints the events the loop has reported so far (before an answer, to keep order).
    public func flushEvents() { runtime.pump.pump() }

    /// Whether events print as they come (true), or wait for ``takeEventLines()`` because an
    /// interactive shell is showing its input line.
    public func printEventsInBackground(_ enabled: Bool) {
        runtime.pump.printsAtOnce.store(enabled, ordering: .relaxed)
    }

    /// The events reported so far, as lines for the console, without printing them.
    public func takeEventLines() -> [String] { runtime.pump.takeLines() }

    /// Ends a recording in progress (its files are kept and described), stops the loop (which
    /// drives the haptic line off) and its threads, then prints the last events.
    public func shutdown() {
        serviceWatchdog?.stop()
        lab.shutdown()
        runtime.shutdown()
    }
}

/// The controller is the lab's host: the lab reads and drives the loop through ``LabHost`` only.
extension Controller: LabHost {}
