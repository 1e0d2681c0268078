import ArgumentParser
import FoundationEssentials
import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import Glibc
import Logging

/// `forcepad [run]`: starts the controller on a board with the shell on standard input/output.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the controller with the command shell (the default).",
        // Spelled out: with every option the generated usage would collapse to `<options>`.
        usage: "forcepad run [--board <NAME|PATH>] [--config <PATH>] [--state-dir <DIR>] [--serial <DEVICE>] [--http <[HOST:]PORT>] [<other options>]")

    @OptionGroup var boardOption: BoardOption

    @Option(name: .long, help: ArgumentHelp("Config file, over the lab's /etc/forcepad/forcepad.toml (default: ~/.config/forcepad/forcepad.toml if it exists); config save writes it.", valueName: "PATH"))
    var config: String?

    @Option(name: .customLong("state-dir"), help: ArgumentHelp("Directory for calibration, shortcuts, recordings and reports (default: ~/.local/state/forcepad).", valueName: "DIR"))
    var stateDirectory: String?

    @Option(name: .long, help: ArgumentHelp("Serve the shell on this serial device (a UART such as /dev/serial0, a USB gadget such as /dev/ttyGS0, or a pty) instead of standard input/output.", valueName: "DEVICE"))
    var serial: String?

    @Option(name: .long, help: ArgumentHelp("Serial speed in bits per second (default: the board's serial baud).", valueName: "N"))
    var baud: Int?

    @Flag(name: .customLong("triple-enter"), help: "On the serial console, ignore input after each connect until Enter is pressed three times (against modem chatter).")
    var tripleEnter = false

    @Flag(name: .long, help: "Start the shell in JSON mode (one JSON object per line).")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Perform this shortcut once after start-up, before the prompt (an unknown type is reported and the shell starts anyway).", valueName: "TYPE"))
    var shortcut: String?

    @Flag(name: .customLong("no-rt"), help: "Do not ask for real-time scheduling (SCHED_FIFO) or locked memory for the loop.")
    var noRealtime = false

    @Option(name: .customLong("rt-priority"), help: ArgumentHelp("SCHED_FIFO priority of the loop thread, 1 to 99 (default: \(RealTimeRequest.defaultFIFOPriority)).", valueName: "N"))
    var realtimePriority: Int?

    @Option(name: .long, help: ArgumentHelp(
        "The loop thread's CPU: auto (default: the CPU that handled the fewest device interrupts), any (the kernel places it; the default with --no-rt), or a CPU number (e.g. one kept free with isolcpus=3).",
        valueName: "auto|any|N"))
    var cpu: String?

    @Option(name: .customLong("idle-poll"), help: ArgumentHelp(
        "Keep the loop's CPU polling while the loop sleeps, so it never halts into a hypervisor: auto (default: when a hardware-assisted hypervisor such as KVM runs the CPU and the kernel has no cpuidle driver), on, or off (the default with --no-rt). The poller runs at SCHED_IDLE and shows as 100 % of that CPU.",
        valueName: "auto|on|off"))
    var idlePoll: String?

    @Option(name: .long, help: ArgumentHelp(
        "Serve the live scope page at this address: 8080 or 127.0.0.1:8080 for this machine only, 0.0.0.0:8080 for the network (a token is then asked; docs/live-view.md). Off by default.",
        valueName: "[HOST:]PORT"))
    var http: String?

    @Option(name: .customLong("http-token-file"), help: ArgumentHelp("The token the scope page asks for, the file's first line (default with a non-loopback --http: http-token in the state directory, made once).", valueName: "PATH"))
    var httpTokenFile: String?

    func validate() throws {
        if httpTokenFile != nil && http == nil { throw ValidationError("--http-token-file needs --http HOST:PORT") }
        if baud != nil && serial == nil { throw ValidationError("--baud needs --serial DEVICE") }
        if tripleEnter && serial == nil { throw ValidationError("--triple-enter needs --serial DEVICE") }
        if let realtimePriority, !(1...99).contains(realtimePriority) {
            throw ValidationError("--rt-priority \(realtimePriority) is out of range; SCHED_FIFO priorities are 1 to 99")
        }
        if realtimePriority != nil && noRealtime { throw ValidationError("--rt-priority and --no-rt contradict each other; give one") }
        if let cpu, LoopCPUPlacement(argument: cpu) == nil {
            throw ValidationError("--cpu \(cpu) is not auto, any or a CPU number; CPUs are numbered from 0")
        }
        if let idlePoll, IdleCPUPolling(argument: idlePoll) == nil {
            throw ValidationError("--idle-poll \(idlePoll) is not auto, on or off")
        }
        if let baud, !SerialPortDescription.supportedBauds.contains(baud) {
            throw ValidationError("--baud \(baud) is not supported; use one of \(SerialPortDescription.supportedBauds.map(String.init).joined(separator: ", "))")
        }
    }

    /// What the loop thread asks for: SCHED_FIFO, locked memory, a 0 µs CPU wake-up latency,
    /// the CPU with the fewest device interrupts and that CPU polled while idle on a virtual
    /// machine unless `--no-rt`; `--cpu` places it and `--idle-poll` decides the polling.
    private var realTimeRequest: RealTimeRequest {
        let named = cpu.flatMap(LoopCPUPlacement.init(argument:))
        let polling = idlePoll.flatMap(IdleCPUPolling.init(argument:))
        return noRealtime
            ? RealTimeRequest(fifoPriority: nil, placement: named ?? .anyCPU, lockMemory: false, idlePolling: polling ?? .off)
            : RealTimeRequest(
                fifoPriority: realtimePriority ?? RealTimeRequest.defaultFIFOPriority,
                placement: named ?? .fewestDeviceInterrupts, lockMemory: true, limitsCPUWakeLatency: true,
                idlePolling: polling ?? .auto)
    }

    /// Whether standard error is the terminal of standard output (log lines then share it
    /// with the shell's input line).
    private static var standardErrorIsTheTerminal: Bool {
        var output = stat(), error = stat()
        guard isatty(STDERR_FILENO) == 1, fstat(STDOUT_FILENO, &output) == 0, fstat(STDERR_FILENO, &error) == 0 else { return false }
        return output.st_rdev == error.st_rdev
    }

    func run() throws {
        let boardFile = try boardOption.loadFile()
        let board = boardFile.board
        let paths = StandardPaths()
        let (settings, configSource, configFiles) = try SettingsLoader.load(config: config, paths: paths, board: board)
        let stateDirectory = self.stateDirectory ?? paths.stateDirectory
        if case .failure(let error) = StandardPaths.prepareStateDirectory(stateDirectory) {
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(2)
        }
        let stateLock: StateDirectoryLock
        switch StateDirectoryLock.acquire(stateDirectory) {
        case .success(let lock): stateLock = lock
        case .failure(let error):
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(error.exitCode)
        }
        let stateKey = BoardStateKey.resolve(board: board.name, contentDigest: boardFile.contentDigest, stateDirectory: stateDirectory, claim: true)
        let calibration = try SettingsLoader.calibration(board: board, stateKey: stateKey.key, stateDirectory: stateDirectory)
        let stopper = SignalStopper()
        let watcher: SignalWatcher
        do {
            watcher = try SignalWatcher { signal in stopper.stop(signal) }
        } catch {
            StandardError.write("forcepad: \(error.description)")
            throw ExitCode(1)
        }
        let logLevel = LogLevelSetting(Logger.Level(rawValue: settings.logLevel) ?? .info)
        let logRouter = LogLineRouter()
        LoggingSystem.bootstrap { label in ConsoleLogHandler(label: label, setting: logLevel, router: logRouter) }

        let logger = Logger(label: "forcepad")
        if let notice = stateKey.notice { logger.notice("\(notice)") }
        for path in StateDirectoryCleanup.removeStaleTemporaries(in: stateDirectory) {
            logger.notice("removed \(path): a temporary file left by a write that was cut short")
        }
        let serialTransport: SerialTransport?
        if let serial {
            do {
                serialTransport = try SerialTransport(devicePath: serial, baud: baud ?? board.serial.baud, logger: logger)
            } catch {
                StandardError.write("forcepad: \(error.description)")
                throw ExitCode(1)
            }
        } else {
            serialTransport = nil
        }
        let output = serialTransport?.output ?? ConsoleOutput()
        let outputMode = SharedOutputMode(json ? .json : .human)
        let fleetLaunch = FleetLaunch(settings.mqtt)
        let controller: Controller
        do {
            controller = try Controller(
                boardFile: boardFile, settings: settings, configSource: configSource, configFiles: configFiles,
                stateDirectory: stateDirectory, boardStateKey: stateKey.key, calibration: calibration, logLevel: logLevel,
                output: output, outputMode: outputMode, commandCheck: ShellCommandCheck(table: ShellCommandTable.table),
                realTime: realTimeRequest, moreSinks: fleetLaunch.map { [$0.sink(board: board, controllerSettings: settings)] } ?? [])
        } catch {
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(error.exitCode)
        }
        stopper.running(controller)
        guard controller.waitForFirstFrame() else {
            stopper.shuttingDown()
            controller.shutdown()
            let readErrors = controller.snapshot().counters.readErrors
            StandardError.write(
                readErrors > 0
                    ? "forcepad: the loop produced no frame within 1s: \(readErrors) converter reads failed; forcepad probe names the bus, address and error"
                    : "forcepad: the loop produced no frame within 1s; the machine may be overloaded")
            throw ExitCode(1)
        }
        let environment = ProcessInfo.processInfo.environment
        let notifier = ServiceNotifier(environment: environment)
        notifier.send("READY=1\nSTATUS=running on board \(board.name)")
        stopper.beforeExit { notifier.send("STOPPING=1") }
        if let watchdogMicros = ServiceNotifier.watchdogMicros(environment: environment) {
            do {
                try controller.startServiceWatchdog(notifier, watchdogMicros: watchdogMicros)
            } catch {
                logger.critical("\(error.message)")
            }
        }
        let loopTime = controller.loopTime
        serialTransport?.describeDroppedOutput { bytes in
            WarningText.line(SerialTransport.droppedMessage(bytes), source: "serial", mode: outputMode.mode, atMicros: loopTime())
        }
        let interactive = serialTransport != nil || (isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1)
        let transport: ConsoleTransport? = serialTransport ?? (interactive ? TerminalTransport() : nil)
        if let restorer = (transport as? TerminalTransport)?.restorer { stopper.beforeExit { restorer.restore() } }
        // A plot that owns the screen gives it back (and the lines it held) when a signal ends the program.
        stopper.beforeExit { output.release() }
        if let serialTransport { stopper.beforeExit { serialTransport.abandonOutput() } }
        var services = ShellServices(runtime: controller.runtime, lab: controller.lab)
        let scope: ScopeServer?
        let fleet: FleetStation?
        do {
            fleet = try fleetLaunch?.start(services: services, board: board, stateDirectory: stateDirectory, logger: logger) { state in
                notifier.send("STATUS=running on board \(board.name); mqtt: \(state)")
            }
            scope = try http.map { text throws(SetupError) in
                try ScopeServer(
                    address: ScopeListenAddress(text), tokenFile: httpTokenFile, stateDirectory: stateDirectory,
                    tap: services.liveForces, settings: services.settingsInForce, board: board, logger: logger)
            }
        } catch {
            stopper.shuttingDown()
            controller.shutdown()
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(error.exitCode)
        }
        if let fleet { stopper.beforeExit { fleet.stop() } }
        if let scope {
            logger.info("the live scope is at \(scope.address.url)\(scope.access.tokenFile.map { " (token in \($0))" } ?? "")")
            stopper.beforeExit { scope.stop() }
        }
        services.scope = scope
        services.fleet = fleet
        let context = ShellContext(
            controller: controller, services: services, outputMode: outputMode, echo: false, canQuit: transport?.allowsQuit ?? true)
        let interpreter = ShellInterpreter(context: context, table: ShellCommandTable.table)
        if let shortcut {
            let answer = interpreter.run("shortcut run " + ShortcutLaunch.quoted(shortcut))
            output.write(lines: answer.lines)
        }
        let farewell: [String]
        if let transport {
            farewell = InteractiveShell(
                transport: transport, interpreter: interpreter, historyPath: stateDirectory + "/history",
                tripleEnter: tripleEnter, logger: logger,
                logRouter: transport is TerminalTransport && Self.standardErrorIsTheTerminal ? logRouter : nil
            ).run()
            (transport as? TerminalTransport)?.restore()
        } else {
            farewell = ShellSession(context: context, output: output).run()
        }
        if let warning = context.takeUnsavedChangesWarning() { logger.warning("shutting down with \(warning)") }
        notifier.send("STOPPING=1")
        stopper.shuttingDown()
        scope?.stop()
        fleet?.stop()
        controller.shutdown()
        (transport?.output ?? output).write(lines: farewell)
        withExtendedLifetime((watcher, stateLock)) {}
    }
}
