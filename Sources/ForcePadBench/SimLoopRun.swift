import Synchronization
import ForcePadCore
import ForcePadHAL
import Glibc

/// The real control loop on the sim board, wired as the controller wires it (simulated pad,
/// simulated haptic line, default settings, 1 kHz), run by ``ControlLoop/run(clock:)`` on its
/// own thread with ``MonotonicClock`` for a number of periods, while this thread plays the
/// controller's other side: it presses the simulated pad through the command ring and drains
/// the event ring every 2 ms, as the controller's event thread does every 5 ms.
///
/// With a ``Companion``, a device is read beside it on its own thread as the controller reads
/// it, its samples drained with the events: a reference load cell (the NAU7802 driver, started
/// and tared by ``ReferenceSourceStart``, on a register-level simulated chip at 320 SPS, its
/// busiest rate), or the accelerometer (the sim board's ADXL345 at 3200 Hz, 32 samples every
/// 5 ms, on the simulated actuator the loop's line drives).
struct SimLoopRun {
    /// What is read beside the loop.
    enum Companion {
        case none, referenceLoadCell, accelerometer
    }

    /// The simulated load cell the benchmark reads: 320 SPS, 100 counts per gram.
    static let referenceLoadCell = LoadCellADCDescription(device: "/dev/i2c-sim", gain: 128, rateSPS: 320, countsPerGram: 100)

    /// The loop's last snapshot, published after it stopped.
    let snapshot: LoopSnapshot
    /// The loop's latency histograms, published as it stopped.
    let latencies: LoopLatencies
    /// `overrun` events the loop reported (each one is one or more skipped periods).
    let overruns: Int
    /// How the loop thread was scheduled.
    let realTime: RealTimeOutcome
    /// Page faults the loop thread took while it ran its periods (minor, major): a first touch
    /// of memory, or a page the kernel had taken back, would stall a period.
    let pageFaults: (minor: Int, major: Int)

    /// One press cycle of the simulated finger, 500 ms: down to 200 g (peek), 150 ms later
    /// on to 400 g (pop), 150 ms later lifted (release). Each stage starts a haptic pattern.
    static let pressCycleMillis = 500
    static let pressSteps: [(atMillis: Int, command: SimulationCommand)] = [
        (0, .press(force: .grams(200), position: .center, holdMicros: 0)),
        (150, .press(force: .grams(400), position: .center, holdMicros: 0)),
        (300, .release),
    ]

    /// Runs at least `periods` periods with the loop thread scheduled as `request` asks.
    init(periods: Int, request: RealTimeRequest, companion: Companion = .none) throws {
        let board = SimBoard.board()
        let settings = ControllerSettings.standard
        let recognizer = PressRecognizerSettings(settings)
        let haptics = HapticSchedulerSettings(settings.haptics)
        let link = LoopLink(initial: LoopSnapshot(
            cellCount: board.geometry.cellCount, recognizer: recognizer, haptics: haptics))
        let pad = SimulatedPad(board: board, simulation: board.simulation!)
        let actuator = SimulatedActuatorInput()
        let loop = ControlLoop(
            source: pad,
            line: SimulatedHapticLine(actuator: companion == .accelerometer ? actuator : nil),
            pipeline: ForcePipeline(
                calibrations: Array(repeating: board.calibration, count: board.geometry.cellCount),
                geometry: board.geometry, settings: PipelineSettings(settings: settings, sampleRateHz: board.sampleRateHz)),
            recognizer: recognizer, haptics: haptics, patterns: try HapticPatternCatalog(patterns: settings.haptics.patterns).bank,
            periodMicros: Int64(1_000_000 / board.sampleRateHz), link: link)
        var events = link.events.takeConsumer()!
        var snapshots = link.snapshots.takeReader()!
        var latencyReader = link.latencies.takeReader()!
        var references = link.references.takeConsumer()!
        var accelerations = link.accelerations.takeConsumer()!
        let reader = companion == .referenceLoadCell
            ? ReferenceReader(
                source: try ReferenceSourceStart.loadCell(
                    Self.referenceLoadCell, bus: SimulatedNAU7802(clock: MonotonicClock()), waitClock: MonotonicClock()),
                link: link)
            : nil
        let accelerometer = companion == .accelerometer
            ? AccelerometerReader(
                source: SimulatedAccelerometerSource(
                    input: actuator, actuator: .lra(resonanceHz: 175, quality: 10), ratedMilliG: 1200, range: .fourG, playback: nil,
                    seed: 1)!,
                link: link)
            : nil
        // The thread takes its scheduling before the loop's first period, as the controller's does.
        let faults = Mutex((minor: 0, major: 0))
        let (thread, outcome) = try PosixThread.startRealTime(request) {
            var clock = MonotonicClock()
            let before = Self.threadPageFaults()
            loop.run(clock: &clock)
            let after = Self.threadPageFaults()
            faults.withLock { $0 = (after.minor - before.minor, after.major - before.major) }
        }
        realTime = outcome
        try reader?.start()
        try accelerometer?.start(fifoPriority: outcome.fifoPriority.map { max(1, $0 - 10) })

        var overruns = 0
        var sequence: UInt64 = 0
        var step = 0
        let periodMillis = 1000 / board.sampleRateHz
        while true {
            let ticks = Int(link.ticks.load(ordering: .acquiring))
            if ticks >= periods { break }
            let cycle = step / Self.pressSteps.count
            let due = cycle * Self.pressCycleMillis + Self.pressSteps[step % Self.pressSteps.count].atMillis
            if ticks * periodMillis >= due {
                sequence += 1
                let command = LoopCommand.simulate(Self.pressSteps[step % Self.pressSteps.count].command)
                if link.commands.push(LoopCommandEnvelope(sequence: sequence, command: command)) { step += 1 }
            }
            while let event = events.pop() {
                if case .overrun = event { overruns += 1 }
            }
            while references.pop() != nil {}
            while accelerations.pop() != nil {}
            usleep(2_000)
        }
        reader?.stop()
        accelerometer?.stop()
        link.stopRequested.store(true, ordering: .relaxed)
        thread.join()
        while let event = events.pop() {
            if case .overrun = event { overruns += 1 }
        }
        snapshot = snapshots.latest()
        latencies = latencyReader.latest()
        self.overruns = overruns
        pageFaults = faults.withLock { $0 }
    }

    /// The calling thread's page faults so far (`getrusage(RUSAGE_THREAD)`).
    private static func threadPageFaults() -> (minor: Int, major: Int) {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD, which Glibc's module does not show
        return (usage.ru_minflt, usage.ru_majflt)
    }
}
