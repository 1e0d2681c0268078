import ForcePadCore
import ForcePadHAL
import Logging

/// A station of a lab's fleet (`[mqtt]`, docs/fleet.md): on a thread of its own
/// (`fp-mqtt`), the one that owns the ``MqttConnection``, it keeps a connection to the broker
/// and publishes, under `PREFIX/STATION/`:
///
/// - `status`: a retained document (``FleetStatus``) whenever it changes, with a Last Will
///   that replaces it by `"state":"offline"` when the broker loses the station;
/// - `events`: the press stages and haptic pulses (``FleetEventQueue``), QoS 0, at most
///   `events_per_second`; more, or any while the broker is away, are dropped and counted;
/// - `results/NAME` and `reports/NAME`: every trial's result and sealed report, QoS 1,
///   through the ``FleetOutbox``: a file leaves it only once the broker acknowledged it.
///
/// A dead, slow or refusing broker costs the loop nothing: the loop never sees this thread,
/// the pump only appends to a bounded queue, and the shell only writes outbox files.
final class FleetStation: Sendable {
    /// What `status`, `probe` and the service's status text say of the connection.
    struct Statistics: Sendable {
        var state = "connecting"
        var connected = false
        var eventsSent: UInt64 = 0
        var eventsDropped: UInt64 = 0
        var delivered: UInt64 = 0
        var waiting = 0
    }

    let settings: MqttSettings
    let station: String
    let outbox: FleetOutbox
    let events: FleetEventQueue
    /// Shell commands from the broker and their answers (only with `commands = true`).
    let commands = FleetCommandQueue()
    private let status: FleetStatus
    private let password: String?
    private let logger: Logger
    private let thread = WorkerThread(name: "fp-mqtt")
    /// The thread's session, kept to end it cleanly once the thread has stopped.
    private let session = PosixMutex<FleetSession?>(nil)
    private let statistics = PosixMutex(Statistics())
    /// Called with a new state's line (for the service's status text).
    private let announce: @Sendable (String) -> Void

    /// Longest wait between two attempts to reach the broker (µs).
    static let longestRetryMicros: Int64 = 30_000_000
    /// QoS 1 messages in flight at once.
    static let inFlightLimit = 16

    init(
        settings: MqttSettings, station: String, stateDirectory: String, status: FleetStatus, events: FleetEventQueue,
        logger: Logger, announce: @escaping @Sendable (String) -> Void
    ) throws(SetupError) {
        self.settings = settings
        self.station = station
        self.status = status
        self.events = events
        self.logger = logger
        self.announce = announce
        outbox = FleetOutbox(stateDirectory: stateDirectory)
        password = try settings.passwordFile.map { path throws(SetupError) in try Self.readPassword(path) }
        for file in [settings.caFile, settings.certFile, settings.keyFile].compactMap({ $0 }) {
            do {
                _ = try TextFileContents.readBytes(file, maximumBytes: 1 << 20)
            } catch {
                throw SetupError("[mqtt]: \(error.description); give a readable PEM file")
            }
        }
    }

    /// The topic of `leaf` under this station: `PREFIX/STATION/LEAF`.
    func topic(_ leaf: String) -> String { "\(settings.prefix)/\(station)/\(leaf)" }

    var current: Statistics {
        statistics.withLock { statistics in
            var copy = statistics
            copy.waiting = outbox.messages().count
            return copy
        }
    }

    /// Starts the thread, which connects and keeps connecting.
    func start() throws(SetupError) {
        let session = FleetSession(station: self, password: password, logger: logger)
        self.session.withLock { $0 = session }
        do {
            try thread.start {
                session.round()
                return .again
            }
        } catch {
            throw SetupError("[mqtt]: cannot start its thread: \(error.description)")
        }
    }

    /// Stops the thread, then (the session now this thread's alone) publishes the status
    /// offline and disconnects cleanly.
    func stop() {
        thread.stop()
        let session = session.withLock { session in
            defer { session = nil }
            return session
        }
        session?.finish()
    }

    /// Puts a message in the outbox for `leaf`; the thread sends it when it can.
    func deliver(_ leaf: String, payload: String, kind: String, name: String) throws(CommandFailure) {
        try outbox.put(topic: topic(leaf), payload: payload, kind: kind, name: name)
    }

    /// The thread's record of what happened; a new state is logged once and announced.
    func record(_ change: (inout Statistics) -> Void) {
        let (old, new) = statistics.withLock { statistics in
            let old = statistics.state
            change(&statistics)
            return (old, statistics.state)
        }
        if old != new { announce(new) }
    }

    /// The status document as it is now.
    func statusDocument(online: Bool) -> String { status.document(online: online) }

    /// Sleeps `micros` on the thread, less when a stop is asked.
    func rest(micros: Int64) { thread.rest(micros: micros) }

    /// The first line of `path`, the broker's password for this station.
    static func readPassword(_ path: String) throws(SetupError) -> String {
        do {
            let text = try TextFileContents.read(path, maximumBytes: 4096).text
            return String(text.split(whereSeparator: \.isNewline).first ?? "")
        } catch {
            throw SetupError("[mqtt] password_file: \(error.description); give a readable file whose first line is the password")
        }
    }
}
