import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles
import FoundationEssentials
import Glibc
import Logging

/// How `forcepad run` brings up a fleet station when `[mqtt]` is set: the event sink goes to
/// the controller before it starts (``sink``), the station after (``start(controller:…)``),
/// its results and reports through the lab's and the report command's hands.
struct FleetLaunch {
    let settings: MqttSettings
    let queue = FleetEventQueue()

    /// The launch for `settings`, nil when there is no `[mqtt]`.
    init?(_ settings: MqttSettings?) {
        guard let settings else { return nil }
        self.settings = settings
    }

    /// The pump's sink for the stage events, formatted as the console's JSON lines.
    func sink(board: BoardDescription, controllerSettings: ControllerSettings) -> any EventSink {
        let names = (try? HapticPatternCatalog(patterns: controllerSettings.haptics.patterns))?.names ?? []
        let formatter = EventFormatter(
            patternNames: names, geometry: board.geometry, sensorDevice: board.bus?.device ?? "the simulated pad",
            lineIsSimulated: board.isSimulated)
        return FleetEventSink(queue: queue, formatter: formatter)
    }

    /// Starts the station of the running program's `services` on `board`; a trial that ends
    /// puts its result in the outbox.
    func start(
        services: ShellServices, board: BoardDescription, stateDirectory: String, logger: Logger, announce: @escaping @Sendable (String) -> Void
    ) throws(SetupError) -> FleetStation {
        let station = settings.station ?? Self.hostName()
        let lab = services.lab
        let status = FleetStatus(station: station, board: board.name, settings: services.settingsInForce, running: { lab.running?.name })
        let fleet = try FleetStation(
            settings: settings, station: station, stateDirectory: stateDirectory, status: status, events: queue, logger: logger, announce: announce)
        lab.trialConcluded = { info in
            do throws(CommandFailure) {
                try fleet.deliver("results/" + info.name, payload: Self.result(info, station: station), kind: "result", name: info.name)
            } catch {
                logger.error("mqtt: the result of trial '\(info.name)' could not go to the outbox: \(error.message)")
            }
        }
        try fleet.start()
        return fleet
    }

    /// A trial's result: the station and the trial's `recording.json` (keys sorted, on one
    /// line), sealed (``SealedJSON``) so the collector can check it arrived as written.
    static func result(_ info: CaptureInfo, station: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let recording = (try? encoder.encode(info)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        let head = JSONValue.object([("type", .string("trial_result")), ("station", .string(station)), ("trial", .string(info.name))]).rendered()
        return SealedJSON.seal(String(head.dropLast()) + ",\"recording\":" + recording + "}")
    }

    /// This machine's host name as a topic level (other characters become `-`).
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        let name = String(cString: buffer).map { MqttSettings.isTopicLevel(String($0)) ? $0 : "-" }
        return name.isEmpty ? "station" : String(name.prefix(64))
    }
}
