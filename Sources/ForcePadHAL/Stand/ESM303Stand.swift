import ForcePadCore

/// A Mark-10 ESM303 in PC Control mode over its USB-serial port, spoken as
/// ``ESM303Protocol`` writes and reads it.
///
/// A move sets the speed, then the travel limit at the target (the lower limit for a move
/// down, the upper one for a move up) and starts the crosshead that way: in limit mode the
/// stand stops itself at the target. Home is the upper limit switch: the crosshead moves up at
/// the board's maximum speed until the status says `UL`, then the travel readout is zeroed
/// there. A status is three questions: `p`, `x` and the gauge's reading `?` (kept for
/// ``gaugeForce(deadlineMicros:clock:)``), whose overload is the stand's alarm.
public struct ESM303Stand: ~Copyable, StandProtocol {
    private var line: StandLine
    private let maxSpeed: Int64
    private var homing = false
    /// The gauge's reading taken with the last status.
    private var lastForce: Force?

    public init(description: StandDescription, devicePath: String) throws(DeviceError) {
        line = try StandLine(devicePath: devicePath, baud: description.baud)
        maxSpeed = description.maxSpeed
    }

    public var name: String { "\(StandModel.esm303.partName) on \(line.devicePath)" }

    public mutating func connect(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        try command(ESM303Protocol.travelInMillimetres)
        try command(ESM303Protocol.limitMode)
        try line.dropReceived()
    }

    public mutating func home(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        homing = true
        try command(ESM303Protocol.setSpeed(maxSpeed))
        try command(ESM303Protocol.setUpperLimit(-999_990))
        try command(ESM303Protocol.up)
    }

    public mutating func status(deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> StandStatus? {
        lastForce = nil
        guard let (state, limit) = try ask(ESM303Protocol.requestStatus, deadlineMicros: deadlineMicros, clock: clock, fix: "check the baud rate and that the stand is in PC control", read: ESM303Protocol.status(in:))
        else { return nil }
        guard let travel = try ask(ESM303Protocol.requestTravel, deadlineMicros: deadlineMicros, clock: clock, fix: "set the stand's travel unit to mm", read: ESM303Protocol.travel(in:))
        else { return nil }
        guard let reading = try ask(ESM303Protocol.requestForce, deadlineMicros: deadlineMicros, clock: clock, fix: "check the gauge's cable to the stand", read: Self.gaugeReading(_:))
        else { return nil }
        switch reading {
        case .failure(.overload(let quoted)):
            return StandStatus(state: .alarm, travel: travel, alarm: "gauge overload \(quoted)")
        case .failure(let error):
            throw DeviceError(operation: "read the gauge on the \(name)", errno: 0, hint: error.description)
        case .success(let force):
            lastForce = force
        }
        if homing {
            guard limit == "UL", state == .idle else { return StandStatus(state: .homing, travel: travel) }
            try command(ESM303Protocol.zeroTravel)
            homing = false
            return StandStatus(state: .idle, travel: 0)
        }
        return StandStatus(state: state, travel: travel)
    }

    /// Whether `line` is an answer to one of the questions asked each command period (`p`, `x`, `?`).
    static func answersAQuestion(_ line: String) -> Bool {
        ESM303Protocol.status(in: line) != nil || ESM303Protocol.travel(in: line) != nil || gaugeReading(line) != nil
    }

    /// A line as the gauge's answer to `?`: its force, or the gauge's refusal; nil for a line
    /// that is not a gauge's (a late answer to `p` or `x`: letters, or a number without a unit).
    static func gaugeReading(_ line: String) -> Result<Force, ForceGaugeAnswerError>? {
        do {
            return .success(try ForceGaugeAnswer.force(in: line))
        } catch .missingUnit, .unreadable {
            return nil
        } catch {
            return .failure(error)
        }
    }

    public mutating func move(toTravel travel: Int64, speed: Int64, from: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        homing = false
        try command(ESM303Protocol.setSpeed(speed))
        if travel >= from {
            try command(ESM303Protocol.setLowerLimit(travel))
            try command(ESM303Protocol.down)
        } else {
            try command(ESM303Protocol.setUpperLimit(travel))
            try command(ESM303Protocol.up)
        }
    }

    public mutating func gaugeForce(deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> Force? {
        lastForce
    }

    public mutating func stop(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        homing = false
        try command(ESM303Protocol.stop)
    }

    /// Sends `request` and reads lines until one `read` understands, after dropping what came
    /// late: the stand's answers carry no tag, so a late answer to an earlier question is passed
    /// by rather than taken for this one. Nil when none came before `deadlineMicros` (late
    /// answers aside); an error naming the line and `fix` when a line no question explains came.
    private mutating func ask<Answer>(
        _ request: String, deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable, fix: String,
        read: (String) -> Answer?
    ) throws(DeviceError) -> Answer? {
        try line.dropReceived()
        try command(request)
        var refused: String?
        while let answer = try line.nextLine(deadlineMicros: deadlineMicros, clock: clock) {
            if let understood = read(answer) { return understood }
            if !Self.answersAQuestion(answer) { refused = answer }
        }
        guard let refused else { return nil }
        throw DeviceError(operation: "read the \(name)", errno: 0, hint: "unreadable answer \(ForceGaugeAnswer.quote(refused)) to \(request): \(fix)")
    }

    /// Writes one command and its CR, within 100 ms.
    private func command(_ text: String) throws(DeviceError) {
        try line.send(text + ESM303Protocol.lineEnd, timeoutMicros: 100_000)
    }
}
