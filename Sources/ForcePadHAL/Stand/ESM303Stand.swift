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
        guard let answer = try ask(ESM303Protocol.requestStatus, deadlineMicros: deadlineMicros, clock: clock) else { return nil }
        guard let (state, limit) = ESM303Protocol.status(in: answer) else { throw unreadable(answer, to: "p", "check the baud rate and that the stand is in PC control") }
        guard let travelAnswer = try ask(ESM303Protocol.requestTravel, deadlineMicros: deadlineMicros, clock: clock) else { return nil }
        guard let travel = ESM303Protocol.travel(in: travelAnswer) else { throw unreadable(travelAnswer, to: "x", "set the stand's travel unit to mm") }
        guard let forceAnswer = try ask(ESM303Protocol.requestForce, deadlineMicros: deadlineMicros, clock: clock) else { return nil }
        do {
            lastForce = try ForceGaugeAnswer.force(in: forceAnswer)
        } catch .overload(let quoted) {
            return StandStatus(state: .alarm, travel: travel, alarm: "gauge overload \(quoted)")
        } catch {
            throw DeviceError(operation: "read the gauge on the \(name)", errno: 0, hint: error.description)
        }
        if homing {
            guard limit == "UL", state == .idle else { return StandStatus(state: .homing, travel: travel) }
            try command(ESM303Protocol.zeroTravel)
            homing = false
            return StandStatus(state: .idle, travel: 0)
        }
        return StandStatus(state: state, travel: travel)
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

    /// Sends a request and reads its answer line, after dropping any answer that came late.
    private mutating func ask(_ request: String, deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> String? {
        try line.dropReceived()
        try command(request)
        return try line.nextLine(deadlineMicros: deadlineMicros, clock: clock)
    }

    private func unreadable(_ answer: String, to request: String, _ fix: String) -> DeviceError {
        DeviceError(operation: "read the \(name)", errno: 0, hint: "unreadable answer \(ForceGaugeAnswer.quote(answer)) to \(request): \(fix)")
    }

    /// Writes one command and its CR, within 100 ms.
    private func command(_ text: String) throws(DeviceError) {
        try line.send(text + ESM303Protocol.lineEnd, timeoutMicros: 100_000)
    }
}
