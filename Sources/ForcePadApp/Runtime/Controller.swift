import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import ForcePadShell
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
    public private(set) var settings: ControllerSettings {
        didSet {
            publishUnsavedKeys()
            runtime.pump.useThresholds(settings.thresholds)
        }
    }
    /// The config files the settings came from, for messages (`a.toml + b.toml`).
    public let configSource: String
    /// The lab's and the user's config files, which `config diff` and `config save` use.
    public let configFiles: ConfigFiles
    /// The settings as last loaded or saved: what `quit` compares with to warn about
    /// changes that would be lost.
    public private(set) var savedSettings: ControllerSettings {
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
    public private(set) var calibration: CalibrationSet
    /// The calibrations the loop may hold: the one in use, and any sent to it in a command it
    /// did not acknowledge. Kept here so the loop never frees one (it only lets go of it).
    private var loopCalibrations: [CalibrationBank]
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
    private var playingTrace: TraceStorage?
    /// When the trace the simulated pad plays ends (µs, monotonic clock), nil when none plays.
    private var traceEndsMicros: Int64?
    /// The settings in force at start (the board's and the config file's): what `*RST` puts back.
    public let startSettings: ControllerSettings
    /// The machine's serial number for `*IDN?` (``MachineSerialNumber``), read once at start.
    public let serialNumber: String

    /// Checks `settings` for `board`, starts the loop and its threads. `commandCheck` says
    /// which shell commands a shortcut may run.
    public init(
        boardFile: BoardFile, settings: ControllerSettings, configSource: String, configFiles: ConfigFiles,
        stateDirectory: String, boardStateKey: String, calibration: CalibrationSet, logLevel: LogLevelSetting,
        output: ConsoleOutput, outputMode: SharedOutputMode, commandCheck: any ShortcutCommandCheck,
        realTime: RealTimeRequest = .none, serialNumber: String = MachineSerialNumber.read()
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
        let printer = EventPrinter(
            formatter: EventFormatter(
                patternNames: assembly.patterns.names, geometry: board.geometry, sensorDevice: board.bus?.device ?? "the simulated pad",
                lineIsSimulated: board.isSimulated),
            mode: outputMode, logger: logger)
        let driverCalibration = Self.savedDriverCalibration(board: board, stateKey: boardStateKey, stateDirectory: stateDirectory, logger: logger)
        runtime = try LoopRuntime(assembly: assembly, realTime: realTime, driverCalibration: driverCalibration) { link, stages in
            EventPump(link: link, printer: printer, output: output, menuSlots: shortcutService.menuSlots, tap: tap, driverStages: stages)
        }
        let pump = runtime.pump
        pump.useThresholds(settings.thresholds)
        lab = LabSession(link: runtime.link, tap: tap, stateDirectory: stateDirectory, logger: logger) { pump.pump() }
        for warning in runtime.realTimeOutcome.warnings { logger.warning("\(warning)") }
        logger.info("started on board \(board.name) at \(board.sampleRateHz) Hz, \(runtime.realTimeOutcome.summary)")
        if let cpu = runtime.realTimeOutcome.cpu, let choice = runtime.realTimeOutcome.cpuChoice {
            logger.info("loop on CPU \(cpu), the fewest device interrupts since boot: \(choice)")
        }
        offerShortcutsOnThePad()
    }

    /// The DRV2605L calibration saved by `haptic calibrate`, when the board has a driver and
    /// the file is there; one that cannot be used is logged and left out (the chip then runs
    /// with its defaults until `haptic calibrate`).
    private static func savedDriverCalibration(
        board: BoardDescription, stateKey: String, stateDirectory: String, logger: Logger
    ) -> DRV2605LCalibration? {
        guard let driver = board.hapticDriver else { return nil }
        let path = stateDirectory + "/" + HapticDriverCalibrationFile.fileName(board: stateKey)
        guard access(path, F_OK) == 0 else { return nil }
        do {
            return try HapticDriverCalibrationFile.load(path: path, board: board.name, driver: driver)
        } catch {
            logger.warning("\(error.description)")
            return nil
        }
    }

    /// The board's DRV2605L; nil without `[haptic.driver]`.
    var hapticDriver: (any HapticDriverControl)? { runtime.hapticDriver }

    /// Whether a DRV2605L calibration is saved for this board's actuator settings.
    var driverCalibrationSaved: Bool {
        Self.savedDriverCalibration(board: board, stateKey: boardStateKey, stateDirectory: stateDirectory, logger: logger) != nil
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

    // MARK: Settings

    /// Makes `changed` the settings in force: checks it against ``SettingsRules`` on this
    /// board (an ordering problem is blamed on a key in `written`, the keys the command set)
    /// and sends the loop's part of it as one command. Nothing changes when it is refused.
    public func apply(_ changed: ControllerSettings, written: Set<String>) throws(CommandFailure) {
        if let problem = SettingsRules.problems(changed, sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver, written: written).first {
            throw CommandFailure(problem.description)
        }
        try runtime.send(.apply(LoopSettings(changed, sampleRateHz: board.sampleRateHz)))
        if changed != settings { lab.noteSettingsChange() }
        settings = changed
    }

    /// Writes the settings in force into the user's config file (``ConfigSave``); from then
    /// on they are the saved settings.
    public func saveSettings() throws(CommandFailure) -> ConfigSave.Outcome {
        do {
            let outcome = try ConfigSave.save(settings, files: configFiles, sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver)
            savedSettings = settings
            return outcome
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The config files as they are now, checked for this board.
    public func loadConfigFiles() throws(CommandFailure) -> ConfigSnapshot {
        do {
            return try configFiles.load(sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver)
        } catch {
            throw CommandFailure(error.description + " (the running settings are unchanged)")
        }
    }

    /// The settings changed since they were last loaded or saved, as ``ConfigValueList``
    /// keys; empty when nothing would be lost.
    public var unsavedKeys: [String] {
        ConfigDifference.changedKeys(saved: savedSettings, running: settings)
    }

    private func publishUnsavedKeys() {
        let keys = unsavedKeys
        unsavedKeysForSignals.withLock { $0 = keys }
    }

    /// This board's calibration file in the state directory (``CalibrationFile``).
    public var calibrationFile: String { stateDirectory + "/" + CalibrationFile.fileName(board: boardStateKey) }

    /// This board's DRV2605L calibration file in the state directory (``HapticDriverCalibrationFile``).
    public var hapticDriverCalibrationFile: String { stateDirectory + "/" + HapticDriverCalibrationFile.fileName(board: boardStateKey) }

    /// Makes `calibration` the one in use: the loop reads every cell through it from the next
    /// frame on, sent as one command like the other settings. Refused while a recording or
    /// trial runs (it keeps the calibration it started with).
    public func use(_ calibration: CalibrationSet) throws(CommandFailure) {
        if let running = lab.running {
            throw CommandFailure("\(running.name) is being recorded with the calibration it started with; use the calibration after record stop (or trial stop)")
        }
        let bank = CalibrationBank(calibration.tables)
        loopCalibrations.append(bank)
        try runtime.send(.useCalibration(Unmanaged.passUnretained(bank)))
        loopCalibrations = [bank]
        self.calibration = calibration
    }

    /// Makes `text` the value of the existing pattern `name`, read and checked as the config
    /// file's `[haptics.patterns]` is (``HapticSettings/setPattern(_:text:)``, then
    /// ``SettingsRules``): an on/off pattern for the line, or a DRV2605L sequence for a stage,
    /// which the board's driver plays from the stage's next press.
    public func setPattern(_ name: String, text: String) throws(CommandFailure) {
        guard let id = patterns.id(named: name) else {
            throw CommandFailure("pattern '\(name)' is new: patterns are named in the config file ([haptics.patterns]); this command changes existing ones (\(patterns.names.joined(separator: ", ")))")
        }
        var changed = settings
        do {
            try changed.haptics.setPattern(name, text: text)
        } catch {
            throw CommandFailure(error.description)
        }
        if let problem = SettingsRules.problems(changed, sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver, written: ["haptics.patterns.\(name)"]).first {
            throw CommandFailure(problem.description)
        }
        try runtime.send(.setPattern(id, CompiledHapticPattern(changed.haptics.patterns[name]!)))
        runtime.pump.driverStages?.use(changed.haptics.effects)
        if changed != settings { lab.noteSettingsChange() }
        settings = changed
    }

    /// Plays `pattern` now, reported under the name of `id` (or `test`).
    public func play(_ pattern: HapticPattern, as id: HapticPatternID) throws(CommandFailure) {
        try send(.playPattern(id, CompiledHapticPattern(pattern)))
    }

    /// Plays `trace` on the simulated pad and keeps it alive while the loop may read it.
    public func play(trace: ForceTrace) throws(CommandFailure) {
        let storage = TraceStorage(trace)
        try send(.simulate(.play(storage.view)))
        playingTrace = storage
        traceEndsMicros = MonotonicClock().nowMicros() + trace.durationMicros
    }

    // MARK: Instrument reset and completion

    /// `*RST`: stops a recording or trial in progress (its files are kept, as by `record
    /// stop`), releases the simulated pad (ending a trace being played; returns once the force
    /// is back to zero and the filter has settled), and puts back every
    /// setting as it was at start: thresholds, preset, hysteresis, filter, haptic line and
    /// patterns, and the log level. Calibration, zeros, shortcuts and the session's mode and
    /// echo are kept. Returns the name of the recording it stopped, if any.
    public func reset() throws(CommandFailure) -> String? {
        try lab.collectFinishedCapture()
        let stopped = lab.running == nil ? nil : try lab.stop(controller: self, reason: "reset").name
        if board.simulation != nil { try send(.simulate(.release)) }
        let changedPatterns = startSettings.haptics.patterns.filter { settings.haptics.patterns[$0.key] != $0.value }
        try apply(startSettings, written: [])
        for (name, pattern) in changedPatterns.sorted(by: { $0.key < $1.key }) {
            guard let id = patterns.id(named: name) else { continue }
            try send(.setPattern(id, CompiledHapticPattern(pattern)))
        }
        runtime.pump.driverStages?.use(startSettings.haptics.effects)
        logLevel.level = Logger.Level(rawValue: startSettings.logLevel) ?? .info
        if let simulation = board.simulation { pause(micros: simulation.riseMicros + settleMicros) }
        return stopped
    }

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

    // MARK: Shortcuts

    /// Static and dynamic shortcuts.
    public var shortcuts: ShortcutRegistry { shortcutService.registry }

    /// Adds a dynamic shortcut, saves the list and offers it on the pad.
    public func addShortcut(_ shortcut: DynamicShortcut) throws(CommandFailure) -> ShortcutEntry {
        let entry = try shortcutService.add(shortcut)
        offerShortcutsOnThePad()
        return entry
    }

    /// Removes a dynamic shortcut, saves the list and stops offering it on the pad.
    public func removeShortcut(type: String) throws(CommandFailure) {
        try shortcutService.remove(type: type)
        offerShortcutsOnThePad()
    }

    /// Tells the loop how many shortcuts the pad's menu offers.
    private func offerShortcutsOnThePad() {
        var menu = settings.quickActions
        menu.enabled = settings.quickActions.enabled && board.geometry.cellCount > 1
        do {
            try send(.setQuickActions(
                menu, shown: shortcutService.registry.visible.count, opened: patterns.id(named: "menu"), tick: patterns.id(named: "tick")))
        } catch {
            logger.error("the pad's quick-action menu was not updated: \(error.message)")
        }
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

    /// The reference sensor's newest reading beside the frame at `frameMicros` (loop time):
    /// nil without a sensor, or when its newest reading is more than two sample periods away
    /// from the frame (it is not answering), so no unmeasured figure is shown.
    public func reference(nearFrameAt frameMicros: Int64) -> Force? {
        guard let reader = runtime.referenceReader, let latest = runtime.pump.latestReference() else { return nil }
        return abs(latest.timeMicros - frameMicros) <= 2 * reader.samplePeriodMicros ? latest.force : nil
    }

    /// The reference sensor's newest reading (loop time); nil without one or before its first.
    public func latestReferenceReading() -> ReferenceSample? {
        runtime.referenceReader == nil ? nil : runtime.pump.latestReference()
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
