/// `[mqtt]` in forcepad.toml: where a station publishes its state, its stage events and its
/// results (docs/fleet.md). Off unless the section names a broker.
public struct MqttSettings: Sendable, Equatable {
    /// The broker's host name or address and port (1883 plain, 8883 with TLS by default).
    public var host: String
    public var port: Int
    /// Whether the connection is TLS (`mqtts://`).
    public var usesTLS: Bool
    /// This station's name in the topics (`PREFIX/STATION/…`); nil: the machine's host name.
    public var station: String?
    /// The first level of every topic.
    public var prefix: String
    /// The certificate authority that signed the broker's certificate (PEM), for TLS.
    public var caFile: String?
    /// This station's own certificate and key (PEM), when the broker asks clients for one.
    public var certFile: String?
    public var keyFile: String?
    /// The user name the broker knows this station by, and the file whose first line is its password.
    public var username: String?
    public var passwordFile: String?
    /// How often the station and the broker show each other they are alive (µs); the broker
    /// publishes the Last Will after one and a half of them without a word.
    public var keepaliveMicros: Int64
    /// Most stage events published a second; more are dropped and counted.
    public var eventsPerSecond: Int
    /// Whether shell commands sent to `PREFIX/STATION/commands` are run (answers on
    /// `PREFIX/STATION/replies`); off unless asked for, and only with a user name.
    public var acceptsCommands = false

    public static let keepaliveRangeMicros: ClosedRange<Int64> = 5_000_000...600_000_000
    public static let eventsPerSecondRange: ClosedRange<Int> = 1...1000

    public init(
        host: String, port: Int, usesTLS: Bool, station: String? = nil, prefix: String = "forcepad", caFile: String? = nil,
        certFile: String? = nil, keyFile: String? = nil, username: String? = nil, passwordFile: String? = nil,
        keepaliveMicros: Int64 = 10_000_000, eventsPerSecond: Int = 50
    ) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
        self.station = station
        self.prefix = prefix
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.username = username
        self.passwordFile = passwordFile
        self.keepaliveMicros = keepaliveMicros
        self.eventsPerSecond = eventsPerSecond
    }

    /// Whether `name` may be a topic level: letters, digits, `-`, `_` and `.`, 1 to 64 of them
    /// (no `/`, `+` or `#`, which MQTT gives meanings).
    public static func isTopicLevel(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
    }
}
