import ForcePadConfig
import ForcePadCore
import Testing

/// `[mqtt]`: the broker's address, the station's name and prefix as topic levels, TLS files
/// only with mqtts://, a password only with a user name.
@Suite struct MqttSectionTests {
    static func message(_ text: String) -> String? {
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: text, file: "f.toml") }
        return error?.description
    }

    @Test func aBrokerAndItsDefaultsAreRead() throws {
        let plain = try #require(try ConfigFileLoader.parse(text: "[mqtt]\nbroker = \"mqtt://broker.lab\"\n", file: "f.toml").mqtt)
        #expect(plain == MqttSettings(host: "broker.lab", port: 1883, usesTLS: false))
        let full = try #require(
            try ConfigFileLoader.parse(
                text: """
                    [mqtt]
                    broker = "mqtts://10.0.0.5:8884"
                    station = "bench-3"
                    prefix = "lab7"
                    ca_file = "/etc/forcepad/ca.pem"
                    username = "bench-3"
                    password_file = "/etc/forcepad/mqtt-password"
                    keepalive = "30s"
                    events_per_second = 10
                    """, file: "f.toml"
            ).mqtt)
        #expect(full.host == "10.0.0.5" && full.port == 8884 && full.usesTLS && full.station == "bench-3" && full.prefix == "lab7")
        #expect(full.caFile == "/etc/forcepad/ca.pem" && full.username == "bench-3" && full.keepaliveMicros == 30_000_000 && full.eventsPerSecond == 10)
        #expect(try ConfigFileLoader.parse(text: "", file: "f.toml").mqtt == nil)
    }

    @Test func everyMistakeIsNamedOnItsLine() {
        #expect(Self.message("[mqtt]\nstation = \"a\"\n") == "f.toml:1: mqtt.broker: missing; give the broker's address, such as \"mqtt://broker.lab:1883\" or \"mqtts://broker.lab:8883\"")
        #expect(Self.message("[mqtt]\nbroker = \"tcp://b:1883\"\n") == "f.toml:2: mqtt.broker: 'tcp://b:1883' must start with mqtt:// or mqtts://, as in \"mqtt://broker.lab:1883\"")
        #expect(Self.message("[mqtt]\nbroker = \"mqtt://b:99999\"\n") == "f.toml:2: mqtt.broker: '99999' is not a port 1…65535")
        #expect(Self.message("[mqtt]\nbroker = \"mqtt://b\"\nstation = \"bench/3\"\n")
            == "f.toml:3: mqtt.station: 'bench/3' cannot be a topic level; use 1 to 64 letters, digits, '-', '_' or '.'")
        #expect(Self.message("[mqtt]\nbroker = \"mqtt://b\"\nca_file = \"/ca.pem\"\n")
            == "f.toml:3: mqtt.ca_file: is for TLS, and the broker mqtt://b is plain mqtt://; use mqtts:// or remove ca_file")
        #expect(Self.message("[mqtt]\nbroker = \"mqtt://b\"\npassword_file = \"/p\"\n") == "f.toml:3: mqtt.password_file: a password needs a username; add username = \"…\"")
        #expect(Self.message("[mqtt]\nbroker = \"mqtts://b\"\ncert_file = \"/c.pem\"\n") == "f.toml:3: mqtt.cert_file: a client certificate needs both cert_file and key_file")
        #expect(Self.message("[mqtt]\nbroker = \"mqtt://b\"\nkeepalive = \"1s\"\n")?.hasPrefix("f.toml:3: mqtt.keepalive: ") == true)
        #expect(Self.message("[mqtt]\nbroker = \"mqtt://b\"\ncommands = true\n")
            == "f.toml:3: mqtt.commands: runs shell commands from the broker, so the broker must know who may send them: add username and password_file, and an ACL (docs/fleet.md)")
    }
}
