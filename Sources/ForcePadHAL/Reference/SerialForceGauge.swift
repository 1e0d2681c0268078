import ForcePadCore

/// A force gauge on a serial port (USB-serial), read as a reference force source by its
/// ASCII request and answer: the request for the displayed reading, then one answer line
/// read as ``ForceGaugeAnswer`` reads it.
///
/// Protocols used:
/// - Mark-10 Series 5 and 7 (Series 5 user's guide, 9.8 "Command Set / Gauge Control Language
///   2"; Series 4 user's guide 9.1.3–9.1.4): `?` requests the displayed reading; commands end
///   with CR (or CR LF), answers with CR LF, e.g. `-18.78 lbF` (tension) or `4.285 N`
///   (compression); errors come back as `*10` and the like.
/// - Imada ZTA/ZTS/DST: `D` requests the displayed reading; the answer is the signed value with
///   its unit, e.g. `+012.34N` (check the gauge's manual for its serial settings).
///
/// Each reading: any bytes left over from an earlier answer are dropped; the request is
/// written; bytes are read (poll with a deadline, never a read without one) until a CR or LF
/// ends a non-empty line, across as many partial reads as the line arrives in. The reading is
/// stamped at the middle of the round trip, from before the request to the end of the
/// answer, and that round trip is recorded in ``answerDelay``. No answer within
/// ``answerTimeoutMicros`` (two request periods) is an error; so is a hang-up.
///
/// ``tare(readings:clock:)`` averages answers with nothing on the pad into ``zeroOffset``,
/// subtracted from every reading (the gauge's own ZERO key does the same at the gauge).
public struct SerialForceGauge: ~Copyable, ReferenceForceSource {
    /// The longest answer line kept (bytes); a longer line is refused as unreadable.
    static let longestLine = 64

    public let model: ForceGaugeModel
    /// Requests per second (Hz).
    public let rateHz: Int
    /// The round trips measured so far.
    public private(set) var answerDelay = GaugeAnswerDelay()
    /// The force read with nothing on the pad, subtracted from every reading.
    public private(set) var zeroOffset = Force.zero
    private let port: SerialPort
    private let request: [UInt8]
    private var line: [UInt8]
    private var chunk: [UInt8]

    /// Opens the gauge's serial port at its baud rate. Nothing is sent until the first read.
    public init(description: ForceGaugeDescription) throws(DeviceError) {
        guard ForceGaugeDescription.rateRangeHz.contains(description.rateHz) else {
            throw DeviceError(
                operation: "set up the \(description.model.rawValue) gauge on \(description.device)", errno: 0,
                hint: "rate_hz \(description.rateHz) is out of range: use \(ForceGaugeDescription.rateRangeHz.lowerBound)"
                    + " to \(ForceGaugeDescription.rateRangeHz.upperBound)")
        }
        port = try SerialPort(devicePath: description.device, baud: description.baud)
        model = description.model
        rateHz = description.rateHz
        request = Array(description.model.request.utf8)
        line = []
        line.reserveCapacity(Self.longestLine)
        chunk = [UInt8](repeating: 0, count: Self.longestLine)
    }

    public var name: String { "\(model.rawValue) gauge on \(port.devicePath) at \(port.baud) baud" }

    public var samplePeriodMicros: Int64 { 1_000_000 / Int64(rateHz) }

    /// How long an answer may take (µs): two request periods.
    public var answerTimeoutMicros: Int64 { 2 * samplePeriodMicros }

    public mutating func read(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> ReferenceSample {
        let answer = try requestForce(clock: clock)
        return ReferenceSample(
            timeMicros: answer.timeMicros, force: Force(milligrams: answer.force.milligrams &- zeroOffset.milligrams))
    }

    /// Averages `readings` answers with nothing on the pad and keeps them as ``zeroOffset``.
    public mutating func tare(readings: Int, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        guard readings > 0 else { throw failure("tare", "average at least 1 reading, not \(readings)") }
        var sum: Int64 = 0
        for _ in 0..<readings {
            sum += Int64(try requestForce(clock: clock).force.milligrams)
        }
        zeroOffset = Force(milligrams: Int32(sum / Int64(readings)))
    }

    /// Sends one request and reads its answer: the force as the gauge gave it and the middle
    /// of the round trip (µs on `clock`).
    private mutating func requestForce(
        clock: borrowing some LoopClock & ~Copyable
    ) throws(DeviceError) -> (force: Force, timeMicros: Int64) {
        try dropLeftovers()
        let sent = clock.nowMicros()
        let deadline = sent + answerTimeoutMicros
        switch try port.write(request.span, timeoutMilliseconds: Self.millis(answerTimeoutMicros)) {
        case .written: break
        case .timedOut: throw failure("send a request to", "the port took no bytes: check the USB-serial adapter")
        case .disconnected: throw hungUp()
        }
        line.removeAll(keepingCapacity: true)
        while true {
            let now = clock.nowMicros()
            guard now < deadline else {
                throw failure(
                    "read",
                    "no answer within \(answerTimeoutMicros / 1000) ms (two periods at \(rateHz) Hz)"
                        + (line.isEmpty ? "" : ", only \(ForceGaugeAnswer.quote(String(decoding: line, as: UTF8.self)))")
                        + ": check the cable, the baud rate and that the gauge is on, or lower rate_hz")
            }
            switch try Self.receive(port, into: &chunk, timeoutMilliseconds: Self.millis(deadline - now)) {
            case .timedOut: continue
            case .disconnected: throw hungUp()
            case .received(let count):
                if let answered = try take(count) {
                    let ended = clock.nowMicros()
                    answerDelay.record(ended - sent)
                    return (answered, sent + (ended - sent) / 2)
                }
            }
        }
    }

    /// Adds `count` received bytes to the line; returns the force once a line ends.
    private mutating func take(_ count: Int) throws(DeviceError) -> Force? {
        for index in 0..<count {
            let byte = chunk[index]
            guard byte == 0x0D || byte == 0x0A else {
                guard line.count < Self.longestLine else {
                    throw failure("read", "the answer is longer than \(Self.longestLine) bytes: check the baud rate")
                }
                line.append(byte)
                continue
            }
            guard !line.isEmpty else { continue }
            do {
                return try ForceGaugeAnswer.force(in: String(decoding: line, as: UTF8.self))
            } catch {
                throw DeviceError(operation: "read the \(name)", errno: 0, hint: error.description)
            }
        }
        return nil
    }

    /// Reads and drops whatever has arrived unasked (the LF after a CR, a late answer), at
    /// most ``leftoverReads`` buffers of it, so a gauge that streams cannot hold the reader.
    private mutating func dropLeftovers() throws(DeviceError) {
        for _ in 0..<Self.leftoverReads {
            switch try Self.receive(port, into: &chunk, timeoutMilliseconds: 0) {
            case .received: continue
            case .timedOut: return
            case .disconnected: throw hungUp()
            }
        }
    }

    /// Buffers of unasked bytes dropped before a request, at most.
    static let leftoverReads = 16

    /// Reads what has arrived on `port` into the start of `buffer`, waiting up to `timeoutMilliseconds`.
    private static func receive(
        _ port: borrowing SerialPort, into buffer: inout [UInt8], timeoutMilliseconds: Int
    ) throws(DeviceError) -> SerialReadResult {
        var span = buffer.mutableSpan
        return try port.read(into: &span, timeoutMilliseconds: timeoutMilliseconds)
    }

    private func hungUp() -> DeviceError {
        failure("read", "the port hung up: check the USB cable, then restart")
    }

    private func failure(_ operation: String, _ hint: String) -> DeviceError {
        DeviceError(operation: "\(operation) the \(name)", errno: 0, hint: hint)
    }

    /// µs as whole ms, rounded up, at least 1.
    private static func millis(_ micros: Int64) -> Int {
        Int(max(1, (micros + 999) / 1000))
    }
}
