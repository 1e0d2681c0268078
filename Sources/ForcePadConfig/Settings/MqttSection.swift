import ForcePadCore

/// `[mqtt]`: the broker a station publishes to (docs/fleet.md). Without the section, or
/// without its `broker`, nothing is published.
enum MqttSection {
    static func read(_ table: TableReader?) throws(ConfigError) -> MqttSettings? {
        guard let table else { return nil }
        let broker = try table.requiredString("broker", expected: "the broker's address, such as \"mqtt://broker.lab:1883\" or \"mqtts://broker.lab:8883\"")
        var settings = try parseBroker(broker, table: table)
        if let station = try table.string("station", expected: "this station's name, such as \"bench-3\"") {
            guard MqttSettings.isTopicLevel(station) else {
                throw table.error("station", "'\(station)' cannot be a topic level; use 1 to 64 letters, digits, '-', '_' or '.'")
            }
            settings.station = station
        }
        if let prefix = try table.string("prefix", expected: "the topics' first level, such as \"forcepad\"") {
            guard MqttSettings.isTopicLevel(prefix) else {
                throw table.error("prefix", "'\(prefix)' cannot be a topic level; use 1 to 64 letters, digits, '-', '_' or '.'")
            }
            settings.prefix = prefix
        }
        settings.caFile = try table.string("ca_file", expected: "the path of the broker's certificate authority (PEM)")
        settings.certFile = try table.string("cert_file", expected: "the path of this station's certificate (PEM)")
        settings.keyFile = try table.string("key_file", expected: "the path of this station's private key (PEM)")
        if (settings.certFile == nil) != (settings.keyFile == nil) {
            throw table.error(settings.certFile == nil ? "key_file" : "cert_file", "a client certificate needs both cert_file and key_file")
        }
        if !settings.usesTLS, let key = ["ca_file", "cert_file", "key_file"].first(where: table.has) {
            throw table.error(key, "is for TLS, and the broker \(broker) is plain mqtt://; use mqtts:// or remove \(key)")
        }
        settings.username = try table.string("username", expected: "the user name the broker knows this station by")
        settings.passwordFile = try table.string("password_file", expected: "the path of a file whose first line is the password")
        if settings.passwordFile != nil, settings.username == nil {
            throw table.error("password_file", "a password needs a username; add username = \"…\"")
        }
        settings.keepaliveMicros = try table.durationMicros("keepalive", range: MqttSettings.keepaliveRangeMicros) ?? settings.keepaliveMicros
        settings.eventsPerSecond = try table.integer(
            "events_per_second", expected: "a whole number of events a second", range: MqttSettings.eventsPerSecondRange) ?? settings.eventsPerSecond
        if try table.bool("commands") == true {
            guard settings.username != nil else {
                throw table.error("commands", "runs shell commands from the broker, so the broker must know who may send them: add username and password_file, and an ACL (docs/fleet.md)")
            }
            settings.acceptsCommands = true
        }
        try table.finish()
        return settings
    }

    /// `mqtt://HOST[:PORT]` or `mqtts://HOST[:PORT]`.
    private static func parseBroker(_ broker: String, table: TableReader) throws(ConfigError) -> MqttSettings {
        let usesTLS: Bool
        let rest: Substring
        if broker.hasPrefix("mqtt://") {
            usesTLS = false
            rest = broker.dropFirst("mqtt://".count)
        } else if broker.hasPrefix("mqtts://") {
            usesTLS = true
            rest = broker.dropFirst("mqtts://".count)
        } else {
            throw table.error("broker", "'\(broker)' must start with mqtt:// or mqtts://, as in \"mqtt://broker.lab:1883\"")
        }
        var host = rest, port = usesTLS ? 8883 : 1883
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number) else {
                throw table.error("broker", "'\(rest[rest.index(after: colon)...])' is not a port 1…65535")
            }
            host = rest[..<colon]
            port = number
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else {
            throw table.error("broker", "'\(broker)' names no host, as in \"mqtt://broker.lab:1883\"")
        }
        return MqttSettings(host: String(host), port: port, usesTLS: usesTLS)
    }
}
