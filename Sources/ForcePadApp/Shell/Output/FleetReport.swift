import ForcePadCore

/// The fleet station's connection as `status` shows it: `mqtt        bench-3 on
/// 127.0.0.1:1883: connected to 127.0.0.1:1883; 12 events sent, 0 dropped; 2 delivered,
/// 0 waiting in the outbox`.
struct FleetReport {
    let fleet: FleetStation

    var line: String {
        let now = fleet.current
        return "mqtt        \(fleet.station) on \(fleet.settings.host):\(fleet.settings.port): \(now.state); "
            + "\(CountText.of(Int(now.eventsSent), "event")) sent, \(now.eventsDropped) dropped; \(now.delivered) delivered, \(now.waiting) waiting in the outbox"
    }

    var fields: JSONValue {
        let now = fleet.current
        return .object([
            ("station", .string(fleet.station)), ("broker", .string("\(fleet.settings.usesTLS ? "mqtts" : "mqtt")://\(fleet.settings.host):\(fleet.settings.port)")),
            ("connected", .bool(now.connected)), ("state", .string(now.state)), ("events_sent", .int(Int64(now.eventsSent))),
            ("events_dropped", .int(Int64(now.eventsDropped))), ("delivered", .int(Int64(now.delivered))), ("waiting", .int(Int64(now.waiting))),
        ])
    }
}
