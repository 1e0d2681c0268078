import CMosquitto
import ForcePadCore

/// One libmosquitto client (``CMosquitto``), driven by the one thread that owns it (the
/// ``FleetStation``'s): every call, and the callbacks inside ``loop(timeoutMilliseconds:)``,
/// happen on that thread.
final class MqttConnection {
    /// A libmosquitto error in words, for the one line a failure gets.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let client: OpaquePointer

    /// A client named `clientID`, with its Last Will, credentials and TLS set; nothing sent yet.
    init(clientID: String, will: (topic: String, payload: String), username: String?, password: String?, tls: (ca: String, cert: String?, key: String?)?) throws(Failure) {
        guard let client = fp_mqtt_new(clientID) else { throw Failure(description: "libmosquitto could not make a client (out of memory)") }
        self.client = client
        let payload = Array(will.payload.utf8)
        try Self.check(fp_mqtt_will(client, will.topic, payload, Int32(payload.count)), "the Last Will")
        if let username { try Self.check(fp_mqtt_credentials(client, username, password), "the user name and password") }
        if let tls { try Self.check(fp_mqtt_tls(client, tls.ca, tls.cert, tls.key), "TLS (ca_file, cert_file, key_file)") }
    }

    /// A client for `settings`' broker, its credentials and TLS, with `will` as its Last Will;
    /// TLS without a `ca_file` trusts the system's certificate authorities.
    convenience init(settings: MqttSettings, clientID: String, password: String?, will: (topic: String, payload: String)) throws(Failure) {
        try self.init(
            clientID: clientID, will: will, username: settings.username, password: password,
            tls: settings.usesTLS ? (settings.caFile ?? "/etc/ssl/certs/ca-certificates.crt", settings.certFile, settings.keyFile) : nil)
    }

    deinit {
        fp_mqtt_destroy(client)
    }

    /// Starts connecting to `host`:`port`; ``loop(timeoutMilliseconds:)`` completes it.
    func connect(host: String, port: Int, keepaliveSeconds: Int) throws(Failure) {
        try Self.check(fp_mqtt_connect(client, host, Int32(port), Int32(keepaliveSeconds)), "connecting to \(host):\(port)")
    }

    /// Starts connecting again after a disconnection.
    func reconnect() throws(Failure) {
        try Self.check(fp_mqtt_reconnect(client), "connecting again")
    }

    /// Runs the network for at most `timeoutMilliseconds`; a failure means the connection is down.
    func loop(timeoutMilliseconds: Int) throws(Failure) {
        try Self.check(fp_mqtt_loop(client, Int32(timeoutMilliseconds)), "the connection")
    }

    /// Queues `payload` for `topic`; the message id, which ``takeAcknowledged()`` returns once
    /// the broker has it (QoS 1).
    @discardableResult
    func publish(topic: String, payload: String, qos: Int, retain: Bool) throws(Failure) -> Int32 {
        var mid: Int32 = 0
        let bytes = Array(payload.utf8)
        try Self.check(fp_mqtt_publish(client, topic, bytes, Int32(bytes.count), Int32(qos), retain, &mid), "publishing to \(topic)")
        return mid
    }

    /// The broker's answer to the connect since the last call: nil none, 0 accepted, else
    /// the refusal in words.
    func takeConnectAnswer() -> (code: Int32, text: String)? {
        let code = fp_mqtt_take_connack(client)
        return code < 0 ? nil : (code, String(cString: fp_mqtt_connack_text(code)))
    }

    /// A disconnection since the last call, in words; nil when none happened.
    func takeDisconnection() -> String? {
        let code = fp_mqtt_take_disconnect(client)
        return code < 0 ? nil : String(cString: fp_mqtt_error_text(code))
    }

    /// Message ids the broker acknowledged since the last call.
    func takeAcknowledged() -> [Int32] {
        var mids = [Int32](repeating: 0, count: 64)
        let count = fp_mqtt_take_acked(client, &mids, Int32(mids.count))
        return Array(mids.prefix(Int(count)))
    }

    /// Subscribes to `topic` at QoS 1 (once connected).
    func subscribe(_ topic: String) throws(Failure) {
        try Self.check(fp_mqtt_subscribe(client, topic, 1), "subscribing to \(topic)")
    }

    /// The oldest message received since the last call, as text; nil when none waits, and
    /// "" for one too long to keep (over 4096 bytes).
    func takeMessage() -> String? {
        var payload = [UInt8](repeating: 0, count: 4096)
        let length = payload.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fp_mqtt_take_message(client, $0.baseAddress, Int32($0.count)) }
        }
        if length == -1 { return nil }
        return length < 0 ? "" : String(decoding: payload.prefix(Int(length)), as: UTF8.self)
    }

    /// Disconnects cleanly: the broker does not publish the Last Will.
    func disconnect() {
        _ = fp_mqtt_disconnect(client)
        _ = try? loop(timeoutMilliseconds: 100)
    }

    private static func check(_ code: Int32, _ what: String) throws(Failure) {
        guard code != 0 else { return }
        throw Failure(description: "\(what): \(String(cString: fp_mqtt_error_text(code)))")
    }
}
