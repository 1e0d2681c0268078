import ForcePadCore
import ForcePadHAL

/// The running loop and its threads: the real-time loop over the board's hardware (or the
/// simulated pad), the haptic edge watcher when the board has a feedback wire, the reference
/// reader when it has a reference force sensor (simulated, or a real one started and tared
/// before the loop), and the thread that pumps events. Used from the shell thread only: it
/// owns the snapshot's one reader and is the commands' one producer. A signal stops it through its Sendable ``stopper``.
final class LoopRuntime {
    let link: LoopLink
    let pump: EventPump
    /// Every frame's forces and the marks along them, for a live view (`monitor plot`).
    let liveForces: LiveForceTap
    /// The settings in force, for the threads that show them (the browser scope).
    let settingsInForce: PublishedSettings
    /// Where the haptic line was found (chip, offset, name); nil on a simulated board.
    let hapticLine: GPIOLineIdentity?
    /// Drives the haptic line off while the loop that owns it is stuck (``LoopWatchdog``).
    let lineCutOff: HapticLineCutOff
    /// Measures the haptic line's real edges through the board's `[feedback]` wire; nil without one.
    let edgeWatcher: HapticEdgeWatcher?
    /// The board's haptic driver chip (`[haptic.driver]`), set up before the loop starts; nil without one.
    let hapticDriver: (any HapticDriverControl)?
    /// Reads the board's reference force sensor (`[reference]`); nil without one.
    let referenceReader: ReferenceReader?
    /// Reads the accelerometer on the pad (`[accelerometer]`); nil without one.
    let accelerometerReader: AccelerometerReader?
    /// The board's test stand (`[stand]`); nil without one.
    let stand: StandRuntime?
    /// How the loop thread is scheduled (what the real-time request got).
    private(set) var realTimeOutcome: RealTimeOutcome
    private var snapshots: LatestValueReader<LoopSnapshot>
    private var latencyReader: LatestValueReader<LoopLatencies>
    private var loopThread: PosixThread?
    /// Pumps events every ``pumpIntervalMicros`` in the background.
    private let pumpWorker = WorkerThread(name: "fp-event-pump")
    /// Held while running when the real-time request limits the CPU wake-up latency.
    private var cpuWakeLatency: CPUWakeLatencyRequest?
    /// Keeps the loop's CPU from halting while the loop sleeps, when the request asks for it.
    private var idlePoller: IdleCPUPoller?
    private var nextSequence: UInt64 = 1
    /// Set by the stop sequence's first run.
    private var isStopped = false
    /// The name `gpioinfo` shows as the haptic line's user.
    static let gpioConsumer = "forcepad"
    /// Longest the shell waits for the loop to acknowledge a command (µs).
    static let acknowledgeTimeoutMicros: Int64 = 2_000_000
    /// How often the background thread pumps events (µs).
    static let pumpIntervalMicros: Int64 = 5_000
    /// How far below the loop's `SCHED_FIFO` priority the reference and accelerometer readers run: above every
    /// normal thread (a busy machine cannot starve it into gaps), never ahead of the loop.
    static let referencePriorityBelowLoop = 10

    /// Opens the board's hardware or the simulated pad (``LoopHardware``), starts the loop
    /// thread as `realTime` asks, the edge watcher, the reference reader and the pump thread;
    /// a start that fails part-way stops what it started (``shutdown()``). A board with a
    /// haptic driver chip has it set up first (``HapticDriverChip``), with `driverCalibration`
    /// written back when given and the first stage's sequence loaded.
    /// `makePump` builds the pump on the new link, following the driver's stages when there is
    /// one, with the live view's sink and the test stand's (when the board has one) among its sinks.
    /// The stand starts last, once the readers whose force it is watched by run.
    init(
        assembly: LoopAssembly, realTime: RealTimeRequest, driverCalibration: DRV2605LCalibration? = nil,
        makePump: (LoopLink, HapticDriverStages?, LiveForceTap, StandRuntime?) -> EventPump?
    ) throws(SetupError) {
        let board = assembly.board
        let effects = assembly.settings.haptics.effects
        // On the sim board the simulated actuator plays what the simulated chip holds.
        let playback = board.isSimulated && board.accelerometer != nil && board.hapticDriver != nil ? SimulatedDRV2605LPlayback() : nil
        let hapticDriver = try board.hapticDriver.map { description throws(SetupError) in
            try description.chip.open(
                description, calibration: driverCalibration, sequence: HapticDriverStages.first(of: effects),
                realTimePlayback: assembly.settings.haptics.rtp != .off, simulatedPlayback: playback)
        }
        self.hapticDriver = hapticDriver
        let haptics = assembly.settings.haptics
        let link = assembly.makeLink()
        let stages = hapticDriver.map {
            HapticDriverStages(
                driver: $0, effects: effects, drives: haptics.enabled && !haptics.dryRun,
                loopMicros: { link.loopMicrosNow() },
                finishedPeriodMicros: { link.finishedPeriodMicros.load(ordering: .acquiring) })
        }
        let liveForces = LiveForceTap(link: link)
        let stand = board.stand.map { StandRuntime(description: $0) }
        self.stand = stand
        guard let pump = makePump(link, stages, liveForces, stand), let snapshots = link.snapshots.takeReader(),
            let latencyReader = link.latencies.takeReader()
        else {
            hapticDriver?.enterStandby()
            throw SetupError("the loop's channels already have consumers")
        }
        self.link = link
        self.pump = pump
        self.liveForces = liveForces
        settingsInForce = PublishedSettings(assembly.settings)
        self.snapshots = snapshots
        self.latencyReader = latencyReader
        let hardware: LoopHardware
        do {
            hardware = try LoopHardware(assembly: assembly, link: link, simulatedPlayback: playback)
        } catch {
            hapticDriver?.enterStandby()
            throw error
        }
        hapticLine = hardware.hapticLine
        lineCutOff = hardware.lineCutOff
        edgeWatcher = hardware.edgeWatcher
        referenceReader = hardware.referenceReader
        accelerometerReader = hardware.accelerometerReader
        let runLoop = hardware.runLoop
        realTimeOutcome = RealTimeOutcome(fifoPriority: nil, cpu: nil, memoryLocked: false, warnings: [])
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
            if let cpu = realTimeOutcome.cpu, let reason = realTime.idlePolling.reason() {
                do {
                    idlePoller = try IdleCPUPoller(cpu: cpu)
                    realTimeOutcome.idlePolled = reason
                } catch {
                    realTimeOutcome.warnings.append("loop's CPU not kept polling while idle (\(error.description)); it may wake late")
                }
            }
            try edgeWatcher?.start()
            let readerPriority = realTimeOutcome.fifoPriority.map { max(1, $0 - Self.referencePriorityBelowLoop) }
            if let referenceReader {
                pump.useReference(samplePeriodMicros: referenceReader.samplePeriodMicros)
                try referenceReader.start(fifoPriority: readerPriority)
            }
            if let accelerometerReader {
                pump.useAccelerometer(stampUncertaintyMicros: accelerometerReader.stampUncertaintyMicros)
                try accelerometerReader.start(fifoPriority: readerPriority)
            }
            let reader = referenceReader
            let accelerometer = accelerometerReader
            try pumpWorker.start { [pumpWorker] in
                for sample in stand?.takeSamples(link: link) ?? [] { pump.report(sample) }
                for stop in stand?.takeStops() ?? [] { pump.report(stop, atMicros: link.loopMicrosNow()) }
                for report in reader?.takeReports() ?? [] {
                    pump.report(report, atMicros: link.loopMicrosNow())
                }
                for report in accelerometer?.takeReports() ?? [] {
                    pump.report(report, atMicros: link.loopMicrosNow())
                }
                pump.pump()
                pumpWorker.rest(micros: Self.pumpIntervalMicros)
                return .again
            }
        } catch {
            shutdown()
            throw SetupError(error.description)
        }
        do {
            try stand?.start(contact: hardware.standContact, reference: referenceReader)
        } catch {
            shutdown()
            throw error
        }
    }

    /// The loop's snapshot as of the end of its next period (as it left it, once stopped).
    func snapshot() -> LoopSnapshot { link.latestSnapshot(&snapshots) }

    /// The loop's latency histograms as of the end of its next period (as it left them, once stopped).
    func latencies() -> LoopLatencies { link.latestLatencies(&latencyReader) }

    /// Waits until the loop has produced its first frame (or `timeoutMicros` passed).
    func waitForFirstFrame(timeoutMicros: Int64 = 1_000_000) -> Bool {
        link.progress.until(timeoutMicros: timeoutMicros) { snapshot().hasFrame }
    }

    /// Sends a command to the loop and waits until it has been applied.
    func send(_ command: LoopCommand) throws(CommandFailure) {
        let sequence = nextSequence
        nextSequence += 1
        guard link.commands.push(LoopCommandEnvelope(sequence: sequence, command: command)) else {
            throw CommandFailure("the loop is not taking commands (its queue is full); try again")
        }
        guard link.progress.until(timeoutMicros: Self.acknowledgeTimeoutMicros, { snapshot().appliedCommand >= sequence }) else {
            throw CommandFailure("the loop did not apply the command within 2s; check status for missed periods")
        }
    }

    /// What a signal may use to stop the loop from another thread.
    var stopper: LoopStopper { LoopStopper(link: link, pump: pump, hapticDriver: hapticDriver, stand: stand) }

    /// The one stop sequence, for a start that fails part-way and for the shutdown: stops the
    /// test stand first (its crosshead, then its thread), the
    /// reference reader (while the loop still feeds it), the loop (which drives the haptic
    /// line off), puts the haptic driver in standby, stops the edge watcher and the pump
    /// thread, then pumps the last events. Does nothing once stopped.
    func shutdown() {
        guard !isStopped else { return }
        isStopped = true
        stand?.shutdown()
        referenceReader?.stop()
        accelerometerReader?.stop()
        link.stopRequested.store(true, ordering: .relaxed)
        pump.driverStages?.drives.store(false, ordering: .relaxed)
        hapticDriver?.enterStandby()
        loopThread?.join()
        idlePoller?.stop()
        edgeWatcher?.stop()
        pumpWorker.stop()
        loopThread = nil
        cpuWakeLatency = nil
        for stop in stand?.takeStops() ?? [] { pump.report(stop, atMicros: link.loopMicrosNow()) }
        pump.pump(settlingAll: true)
    }

    deinit { shutdown() }
}
