import ForcePadCore
import ForcePadHAL
import FoundationEssentials
import Logging

/// The ``FleetStation``'s connection, on its thread alone (handed over only once that thread
/// has stopped, to end it): connects, reconnects after 1, 2, 4 … 30 s, and in each round
/// runs the network, publishes a changed status, the events the rate allows and the outbox
/// messages not yet in flight, and removes the files the broker acknowledged.
final class FleetSession: @unchecked Sendable {
    private unowned let station: FleetStation
    private let password: String?
    private let logger: Logger
    private let clock = MonotonicClock()
    private var connection: MqttConnection?
    private var connected = false
    private var retryAtMicros: Int64 = 0
    private var retryMicros: Int64 = 1_000_000
    /// The last failure logged, so a broker that stays away is said once, not every retry.
    private var lastFailure: String?
    private var sentStatus: String?
    /// Outbox files in flight, by message id.
    private var inFlight: [Int32: String] = [:]
    private var eventTokens = 0
    private var tokensAtMicros: Int64 = 0

    init(station: FleetStation, password: String?, logger: Logger) {
        self.station = station
        self.password = password
        self.logger = logger
    }

    /// One round: about 50 ms of network, then what there is to publish.
    func round() {
        let now = clock.nowMicros()
        guard let connection = connection ?? open(now: now) else {
            station.rest(micros: 200_000)
            return
        }
        do {
            try connection.loop(timeoutMilliseconds: 50)
        } catch {
            if !connected, now >= retryAtMicros { retry(connection, now: now) } else if connected { lost(error.description, now: now) }
            station.rest(micros: 50_000)
        }
        if let answer = connection.takeConnectAnswer() {
            if answer.code == 0 { accepted(connection) } else { failed("the broker refused the connection: \(answer.text)", now: now, hint: "check username and password_file in [mqtt]") }
        }
        if let reason = connection.takeDisconnection(), connected { lost(reason, now: now) }
        let acknowledged = connection.takeAcknowledged().compactMap { inFlight.removeValue(forKey: $0) }
        for file in acknowledged { station.outbox.remove(file) }
        if !acknowledged.isEmpty { station.record { $0.delivered += UInt64(acknowledged.count) } }
        guard connected else {
            let dropped = station.events.takeAll().count
            if dropped > 0 { station.record { $0.eventsDropped += UInt64(dropped) } }
            return
        }
        publishStatus(connection)
        publishEvents(connection, now: now)
        publishOutbox(connection)
        if station.settings.acceptsCommands { exchangeCommands(connection) }
    }

    /// Publishes the status offline and disconnects: the end of forcepad.
    func finish() {
        guard let connection, connected else { return }
        _ = try? connection.publish(topic: station.topic("status"), payload: station.statusDocument(online: false), qos: 1, retain: true)
        _ = try? connection.loop(timeoutMilliseconds: 100)
        connection.disconnect()
    }

    private func open(now: Int64) -> MqttConnection? {
        guard now >= retryAtMicros else { return nil }
        let settings = station.settings
        do {
            let made = try MqttConnection(
                settings: settings, clientID: "forcepad-\(station.station)", password: password,
                will: (station.topic("status"), station.statusDocument(online: false)))
            try made.connect(host: settings.host, port: settings.port, keepaliveSeconds: Int(settings.keepaliveMicros / 1_000_000))
            connection = made
            return made
        } catch {
            failed(error.description, now: now, hint: settings.usesTLS ? "check the broker's address and ca_file, cert_file, key_file in [mqtt]" : "check the broker's address in [mqtt] and that it runs")
            return nil
        }
    }

    private func accepted(_ connection: MqttConnection) {
        connected = true
        retryMicros = 1_000_000
        lastFailure = nil
        sentStatus = nil
        inFlight = [:]
        let settings = station.settings
        logger.info("mqtt: connected to \(settings.host):\(settings.port) as \(station.station)")
        if settings.acceptsCommands {
            do {
                try connection.subscribe(station.topic("commands"))
            } catch {
                logger.error("mqtt: \(error.description); shell commands from the broker are not run")
            }
        }
        station.record { $0.connected = true; $0.state = "connected to \(settings.host):\(settings.port)" }
    }

    private func lost(_ reason: String, now: Int64) {
        connected = false
        failed("lost the broker: \(reason)", now: now, hint: "retrying")
        station.record { $0.connected = false }
    }

    /// Logs `reason` once (until it changes) and schedules the next attempt.
    private func failed(_ reason: String, now: Int64, hint: String) {
        let settings = station.settings
        let line = "mqtt \(settings.host):\(settings.port): \(reason); \(hint)"
        if line != lastFailure { logger.error("\(line)") }
        lastFailure = line
        connected = false
        retryAtMicros = now + retryMicros
        retryMicros = min(retryMicros * 2, FleetStation.longestRetryMicros)
        station.record { $0.connected = false; $0.state = reason }
    }

    private func retry(_ connection: MqttConnection, now: Int64) {
        do {
            try connection.reconnect()
        } catch {
            failed(error.description, now: now, hint: "retrying")
        }
    }

    private func publishStatus(_ connection: MqttConnection) {
        let document = station.statusDocument(online: true)
        guard document != sentStatus else { return }
        if (try? connection.publish(topic: station.topic("status"), payload: document, qos: 1, retain: true)) != nil { sentStatus = document }
    }

    /// Events within `events_per_second` (a bucket of a second's worth); the rest dropped, counted.
    private func publishEvents(_ connection: MqttConnection, now: Int64) {
        let rate = station.settings.eventsPerSecond
        let refill = (now - tokensAtMicros) * Int64(rate) / 1_000_000
        if refill > 0 {
            eventTokens = Int(min(Int64(rate), Int64(eventTokens) + refill))
            tokensAtMicros = now
        }
        var sent: UInt64 = 0, dropped: UInt64 = 0
        for event in station.events.takeAll() {
            if eventTokens > 0, (try? connection.publish(topic: station.topic("events"), payload: event, qos: 0, retain: false)) != nil {
                eventTokens -= 1
                sent += 1
            } else {
                dropped += 1
            }
        }
        dropped += station.events.takeDropped()
        if sent + dropped > 0 { station.record { $0.eventsSent += sent; $0.eventsDropped += dropped } }
    }

    /// A command from the broker: `{"id":"…","command":"…"}`.
    private struct Incoming: Decodable {
        let id: String
        let command: String
    }

    /// Hands the commands received to the shell and publishes its answers (QoS 1); a message
    /// that is not a command is answered at once.
    private func exchangeCommands(_ connection: MqttConnection) {
        while let text = connection.takeMessage() {
            guard let incoming = try? JSONDecoder().decode(Incoming.self, from: Data(text.utf8)) else {
                station.commands.answer(FleetCommandQueue.reply(
                    id: .null, answer: #"{"ok":false,"error":"a command is {\"id\":\"…\",\"command\":\"…\"} (at most 4096 bytes)"}"#))
                continue
            }
            if !station.commands.put(FleetCommandQueue.Request(id: .string(incoming.id), line: incoming.command)) {
                station.commands.answer(FleetCommandQueue.reply(
                    id: .string(incoming.id), answer: #"{"ok":false,"error":"\#(FleetCommandQueue.capacity) commands already wait; send the next when one is answered"}"#))
            }
        }
        for answer in station.commands.takeAnswers() {
            _ = try? connection.publish(topic: station.topic("replies"), payload: answer, qos: 1, retain: false)
        }
    }

    private func publishOutbox(_ connection: MqttConnection) {
        guard inFlight.count < FleetStation.inFlightLimit else { return }
        let flying = Set(inFlight.values)
        for message in station.outbox.messages() where !flying.contains(message.file) {
            guard inFlight.count < FleetStation.inFlightLimit,
                let mid = try? connection.publish(topic: message.topic, payload: message.payload, qos: 1, retain: false)
            else { return }
            inFlight[mid] = message.file
        }
    }
}
