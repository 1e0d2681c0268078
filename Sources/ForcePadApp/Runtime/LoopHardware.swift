import ForcePadCore
import ForcePadHAL

/// The loop's hardware, opened for one run: the loop's body over its frame source and haptic
/// line (the simulated pad, or the board's converters and GPIO line; either one writing the
/// DRV2605L itself when `rtp` is on or `trigger = "i2c"`), where the haptic line is, its
/// cut-off, the edge watcher, the reference reader and the accelerometer reader. Nothing runs yet: ``LoopRuntime``
/// starts the threads.
struct LoopHardware {
    /// The loop over its source and line, as the body of its thread.
    let runLoop: @Sendable () -> Void
    /// Where the haptic line was found (chip, offset, name); nil on a simulated board.
    let hapticLine: GPIOLineIdentity?
    /// Drives the haptic line off while the loop that owns it is stuck (``LoopWatchdog``).
    let lineCutOff: HapticLineCutOff
    /// Measures the haptic line's real edges through the board's `[feedback]` wire; nil without one.
    let edgeWatcher: HapticEdgeWatcher?
    /// Reads the board's reference force sensor (`[reference]`); nil without one.
    let referenceReader: ReferenceReader?
    /// Reads the accelerometer on the pad (`[accelerometer]`); nil without one.
    let accelerometerReader: AccelerometerReader?

    /// Opens the board's hardware (or the simulated pad) for a loop on `link`, reading one
    /// frame from the converters, so a converter that does not answer fails the start with
    /// its bus, address and errno, as `forcepad probe` reports it.
    /// On the `sim` board, `simulatedPlayback` is the simulated DRV2605L's copy of its
    /// registers that the simulated accelerometer's actuator plays from.
    init(assembly: LoopAssembly, link: LoopLink, simulatedPlayback: SimulatedDRV2605LPlayback? = nil) throws(SetupError) {
        let board = assembly.board
        /// The loop over `source` and `line`, as the body of its thread.
        func loopBody<Source: FrameSource & ~Copyable & SendableMetatype, Line: HapticLine & ~Copyable & SendableMetatype>(
            _ source: consuming Source, _ line: consuming Line
        ) -> @Sendable () -> Void {
            let loop = assembly.makeLoop(source: source, line: line, link: link)
            return {
                var clock = MonotonicClock()
                loop.run(clock: &clock)
            }
        }
        let realReference = try Self.startedReference(board.reference, link: link)
        let loopDriver = try Self.loopDriver(board: board, settings: assembly.settings)
        let actuator = board.isSimulated && board.accelerometer != nil ? SimulatedActuatorInput() : nil
        accelerometerReader = try AccelerometerStart.reader(board: board, actuator: actuator, playback: simulatedPlayback, link: link)
        if let simulation = board.simulation, board.isSimulated {
            let pad = SimulatedPad(board: board, simulation: simulation)

            if case .simulated(let settings) = board.reference {
                referenceReader = ReferenceReader(
                    source: SimulatedReferenceSource(truth: pad.truth, link: link, settings: settings, seed: simulation.seed),
                    link: link)
            } else {
                referenceReader = realReference
            }
            if let (driver, writes) = loopDriver {
                // The loop's own simulated chip: it takes no locks, so it does not share the shell's.
                let chip = SimulatedDRV2605L(address: driver.address)
                switch writes {
                case .amplitude: runLoop = loopBody(pad, DRV2605LRealTimeLine(line: SimulatedHapticLine(actuator: actuator), driver: driver, bus: chip))
                case .go: runLoop = loopBody(pad, DRV2605LGoLine(line: SimulatedHapticLine(actuator: actuator), driver: driver, bus: chip))
                }
            } else {
                runLoop = loopBody(pad, SimulatedHapticLine(actuator: actuator))
            }
            hapticLine = nil
            lineCutOff = .none
            edgeWatcher = nil
        } else {
            do throws(DeviceError) {
                var sensor = try I2CFrameSource(board: board)
                do {
                    _ = try sensor.probe()
                } catch {
                    throw DeviceError(
                        operation: "start-up read of the converters: " + error.operation, errno: error.errno,
                        hint: error.hint + (error.hint.isEmpty ? "" : "; ") + "forcepad probe checks each converter")
                }
                let line = try GPIOOutputLine(board.haptic, consumer: LoopRuntime.gpioConsumer)
                hapticLine = line.identity
                lineCutOff = line.cutOff
                edgeWatcher = try board.feedback.map { feedback throws(DeviceError) in
                    try HapticEdgeWatcher(
                        feedback: feedback, hapticActiveLow: board.haptic.activeLow, consumer: LoopRuntime.gpioConsumer, link: link)
                }
                referenceReader = realReference
                if let (driver, writes) = loopDriver, let device = board.hapticDriver?.busDevice {
                    // An adapter file of the loop's own; start-up checked no kernel driver owns the chip.
                    let bus = try I2CBus(devicePath: device)
                    switch writes {
                    case .amplitude: runLoop = loopBody(sensor, DRV2605LRealTimeLine(line: line, driver: driver, bus: bus))
                    case .go: runLoop = loopBody(sensor, DRV2605LGoLine(line: line, driver: driver, bus: bus))
                    }
                } else {
                    runLoop = loopBody(sensor, line)
                }
            } catch {
                throw SetupError(error.description, exitCode: 1)
            }
        }
    }

    /// What the loop itself writes to the board's DRV2605L.
    private enum LoopDriverWrites {
        /// Real-time playback amplitudes (`rtp` on).
        case amplitude
        /// GO at each stage (`trigger = "i2c"`).
        case go
    }

    /// The driver the loop writes to and what it writes, or nil when the loop leaves the chip
    /// to the GPIO line and the other threads.
    private static func loopDriver(
        board: BoardDescription, settings: ControllerSettings
    ) throws(SetupError) -> (driver: DRV2605L, writes: LoopDriverWrites)? {
        guard let description = board.hapticDriver else { return nil }
        let writes: LoopDriverWrites
        if settings.haptics.rtp != .off {
            writes = .amplitude
        } else if description.trigger == .i2c {
            writes = .go
        } else {
            return nil
        }
        do {
            return (try HapticDriverSession<SharedByteRegisterBus<SimulatedDRV2605L>>.driver(for: description), writes)
        } catch {
            throw SetupError("haptic driver: \(error.description)", exitCode: 1)
        }
    }

    /// The reader of a real reference sensor (a NAU7802 load cell or a serial gauge), the
    /// sensor powered up, calibrated and tared (``ReferenceSourceStart``); nil for none or
    /// the simulated one. A sensor that fails to start fails the start, in one line with its fix.
    private static func startedReference(_ reference: ReferenceDescription?, link: LoopLink) throws(SetupError) -> ReferenceReader? {
        do throws(DeviceError) {
            switch reference {
            case .loadCell(let description):
                return ReferenceReader(source: try ReferenceSourceStart.loadCell(description), link: link)
            case .gauge(let description):
                return ReferenceReader(source: try ReferenceSourceStart.gauge(description), link: link)
            case .simulated, nil:
                return nil
            }
        } catch {
            throw SetupError("reference sensor: " + error.description, exitCode: 1)
        }
    }
}
