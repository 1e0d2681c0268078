import ForcePadCore
import ForcePadHAL

/// `forcepad probe`'s check of the fleet's broker (`[mqtt]`): connects as the station would,
/// with its credentials and TLS, waits for the broker's answer (at most ``timeoutMicros``) and
/// disconnects cleanly, so the station's retained status is left as it was.
enum BrokerProbe {
    /// Longest wait for the broker's answer (µs).
    static let timeoutMicros: Int64 = 5_000_000

    static func check(_ settings: MqttSettings) -> ProbeCheck {
        let station = settings.station ?? FleetLaunch.hostName()
        let subject = "MQTT \(settings.host):\(settings.port)"
        let clock = MonotonicClock()
        let started = clock.nowMicros()
        do {
            let password = try settings.passwordFile.map { path throws(SetupError) in try FleetStation.readPassword(path) }
            let connection = try MqttConnection(
                settings: settings, clientID: "forcepad-probe-\(station)", password: password, will: ("\(settings.prefix)/\(station)/probe", ""))
            try connection.connect(host: settings.host, port: settings.port, keepaliveSeconds: 10)
            while clock.nowMicros() - started < timeoutMicros {
                try connection.loop(timeoutMilliseconds: 100)
                guard let answer = connection.takeConnectAnswer() else { continue }
                connection.disconnect()
                let took = (clock.nowMicros() - started) / 1000
                return answer.code == 0
                    ? .pass(subject, "connected as \(station) in \(took)ms; publishes under \(settings.prefix)/\(station)/")
                    : .fail(subject, "the broker refused the connection: \(answer.text); check username and password_file in [mqtt]")
            }
            return .fail(subject, "no answer within \(timeoutMicros / 1_000_000)s; check the broker runs and the address in [mqtt]")
        } catch let error as SetupError {
            return .fail(subject, error.message)
        } catch {
            return .fail(subject, "\(error); check the broker's address\(settings.usesTLS ? " and ca_file, cert_file, key_file" : "") in [mqtt] and that it runs")
        }
    }
}
