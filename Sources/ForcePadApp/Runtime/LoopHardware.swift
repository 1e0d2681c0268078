import ForcePadCore
import ForcePadHAL

/// The loop's hardware, opened for one run: the loop's body over its frame source and haptic
/// line (the simulated pad, or the board's converters and GPIO line; either one wrapped by the
/// board's ``HapticDriverChip`` when the loop writes the chip itself: `rtp` on or
/// `trigger = "i2c"`), where the haptic line is, its cut-off, the edge watcher, the
/// reference reader and the accelerometer reader. Nothing runs yet: ``LoopRuntime`` starts the threads.
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
    /// What the simulated stand's plunger presses the simulated pad with; nil without a simulated stand.
    let standContact: SimulatedStandContact?

    /// Opens the board's hardware (or the simulated pad) for a loop on `link`, reading one
    /// frame from the converters, so a converter that does not answer fails the start with
    /// its bus, address and errno, as `forcepad probe` reports it.
    /// On the `sim` board, `simulatedPlayback` is the simulated DRV2605L's copy of its
    /// registers that the simulated accelerometer's actuator plays from.
    init(assembly: LoopAssembly, link: LoopLink, simulatedPlayback: SimulatedDRV2605LPlayback? = nil) throws(SetupError) {
        let board = assembly.board
        let builder = LoopBodyBuilder(assembly: assembly, link: link)
        let realReference = try Self.startedReference(board.reference, link: link)
        let loopDriver = try Self.loopDriver(board: board, settings: assembly.settings)
        let actuator = board.isSimulated && board.accelerometer != nil ? SimulatedActuatorInput() : nil
        accelerometerReader = try AccelerometerStart.reader(board: board, actuator: actuator, playback: simulatedPlayback, link: link)
        if let simulation = board.simulation, board.isSimulated {
            standContact = board.stand?.simulation != nil ? SimulatedStandContact() : nil
            let pad = SimulatedPad(board: board, simulation: simulation, standContact: standContact)
            if case .simulated(let settings) = board.reference {
                referenceReader = ReferenceReader(
                    source: SimulatedReferenceSource(truth: pad.truth, link: link, settings: settings, seed: simulation.seed),
                    link: link)
            } else {
                referenceReader = realReference
            }
            if let (chip, writes) = loopDriver {
                // The loop's own simulated chip: it takes no locks, so it does not share the shell's.
                do {
                    runLoop = try chip.loopBody(source: pad, line: SimulatedHapticLine(actuator: actuator), writes: writes, busDevice: nil, maker: builder)
                } catch {
                    throw SetupError(error.description, exitCode: 1)
                }
            } else {
                runLoop = builder.body(pad, SimulatedHapticLine(actuator: actuator))
            }
            hapticLine = nil
            lineCutOff = .none
            edgeWatcher = nil
        } else {
            standContact = nil
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
                if let (chip, writes) = loopDriver, let device = board.hapticDriver?.busDevice {
                    // An adapter file of the loop's own; start-up checked no kernel driver owns the chip.
                    runLoop = try chip.loopBody(source: sensor, line: line, writes: writes, busDevice: device, maker: builder)
                } else {
                    runLoop = builder.body(sensor, line)
                }
            } catch {
                throw SetupError(error.description, exitCode: 1)
            }
        }
    }

    /// The board's chip as the loop writes it and what it writes, or nil when the loop leaves
    /// the chip to the GPIO line and the other threads.
    private static func loopDriver(
        board: BoardDescription, settings: ControllerSettings
    ) throws(SetupError) -> (chip: any HapticDriverChip, writes: HapticDriverLoopWrites)? {
        guard let description = board.hapticDriver,
            let writes = HapticDriverLoopWrites(realTimePlayback: settings.haptics.rtp != .off, trigger: description.trigger)
        else { return nil }
        return (try description.chip.init(loopWritesFor: description), writes)
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
