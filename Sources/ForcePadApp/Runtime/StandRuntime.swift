import ForcePadCore
import ForcePadHAL

/// The board's test stand (`[stand]`) at run time: its driver on its own thread
/// (``StandDriver``), watched by the reference sensor's force when the board has one (else by
/// the stand's own gauge), and on the sim board the simulated stand on a pseudo-terminal
/// pressing the simulated pad. Made before the loop's sinks (a lost pad sensor stops it,
/// ``StandEventSink``), started once the loop's readers run, and stopped first by every stop
/// sequence. The stops the driver makes wait in ``takeStops()`` for the event pump.
final class StandRuntime: Sendable {
    let description: StandDescription
    private let started = PosixMutex<(driver: StandDriver, simulator: SimulatedStandServer?)?>(nil)
    private let stops = PosixMutex<[StandStopReason]>([])
    /// The trial whose presses the stand makes, once asked.
    private let trial = PosixMutex<String?>(nil)

    init(description: StandDescription) {
        self.description = description
    }

    /// The driver once started; nil before.
    var driver: StandDriver? { started.withLock { $0?.driver } }

    /// The simulated stand on the sim board; nil elsewhere or before the start.
    var simulator: SimulatedStandServer? { started.withLock { $0?.simulator } }

    /// Opens the stand's port (on the sim board, starts the simulated stand first, pressing
    /// through `contact`), sets it up and starts its thread.
    func start(contact: SimulatedStandContact?, reference: ReferenceReader?) throws(SetupError) {
        let stops = stops
        let onStop: @Sendable (StandStopReason) -> Void = { reason in stops.withLock { $0.append(reason) } }
        let force: StandForceSource = reference.map { reader in .reference({ reader.latestForce() }) } ?? .standGauge
        do throws(DeviceError) {
            var simulator: SimulatedStandServer?
            if let settings = description.simulation, let contact {
                simulator = try SimulatedStandServer(model: description.model, settings: settings, contact: contact)
                try simulator?.start()
            }
            guard let path = simulator?.devicePath ?? description.device else {
                throw DeviceError(operation: "open the test stand", errno: 0, hint: "the board names no device for it")
            }
            let driver: StandDriver
            switch description.model {
            case .esm303:
                driver = StandDriver(stand: try ESM303Stand(description: description, devicePath: path), description: description, force: force, onStop: onStop)
            case .gcode:
                driver = StandDriver(stand: try GCodeStand(description: description, devicePath: path), description: description, force: force, onStop: onStop)
            }
            do {
                try driver.start()
            } catch {
                simulator?.stop()
                throw error
            }
            started.withLock { $0 = (driver, simulator) }
        } catch {
            throw SetupError("test stand: " + error.description, exitCode: 1)
        }
    }

    /// Notes that the stand makes the presses of trial `name`.
    func pressing(trial name: String) { trial.withLock { $0 = name } }

    /// Why the stand stopped making the presses of trial `name` before they were done (a
    /// fault, or a stop asked), or nil while it makes them or for another trial.
    func stopped(pressing name: String) -> StandStopReason? {
        guard trial.withLock({ $0 }) == name, let snapshot = driver?.snapshot(), snapshot.stopped else { return nil }
        return snapshot.lastStop
    }

    /// Stops the stand when it makes the presses of trial `name`, whose recording ended on
    /// `failure` (any thread).
    func recordingEnded(trial name: String, failure: String) {
        guard trial.withLock({ $0 }) == name, case .cycles? = driver?.snapshot().request else { return }
        stop(.recordingEnded(failure))
    }

    /// Stops the crosshead within a few milliseconds, for `reason` (any thread).
    func stop(_ reason: StandStopReason) { driver?.stop(reason) }

    /// The crosshead's travel samples since the last call, on the loop's clock of `link`, oldest first.
    func takeSamples(link: LoopLink) -> [StandSample] {
        guard let driver else { return [] }
        let origin = link.originMicros.load(ordering: .acquiring)
        guard origin >= 0 else { return [] }
        return driver.takeSamples().compactMap { sample in
            sample.timeMicros >= origin
                ? StandSample(timeMicros: sample.timeMicros - origin, travel: sample.travel, gaugeForce: sample.gaugeForce) : nil
        }
    }

    /// The stops made since the last call, oldest first.
    func takeStops() -> [StandStopReason] { stops.withLock { stops in defer { stops.removeAll() }; return stops } }

    /// The stop sequence's first step: stops the crosshead, then the stand's thread and the simulator.
    func shutdown() {
        guard let (driver, simulator) = started.withLock({ $0 }) else { return }
        driver.shutdown()
        simulator?.stop()
    }
}
