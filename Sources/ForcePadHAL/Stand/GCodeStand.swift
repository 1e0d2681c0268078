import ForcePadCore

/// A GRBL-style G-code controller driving the stage's Z axis, spoken as ``GCodeProtocol``
/// writes and reads it. It has no gauge: the board's reference sensor gives the force.
///
/// Stop is a feed hold (`!`), so the axis decelerates without losing its position; once the
/// controller reports the hold complete (`Hold:0`), a soft reset (Ctrl-X) empties its planner
/// so the held move never resumes. `ok` answers are not waited for: the status reports say
/// what the axis does, and an `error:N` or `ALARM:N` met while reading them is an alarm.
public struct GCodeStand: ~Copyable, StandProtocol {
    private var line: StandLine

    public init(description: StandDescription, devicePath: String) throws(DeviceError) {
        line = try StandLine(devicePath: devicePath, baud: description.baud)
    }

    public var name: String { "\(StandModel.gcode.partName) on \(line.devicePath)" }

    public mutating func connect(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        try line.dropReceived()
        try send(GCodeProtocol.setUp)
    }

    public mutating func home(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        try send(GCodeProtocol.home)
    }

    public mutating func status(deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> StandStatus? {
        // Reports carry no tag: one still waiting answered an earlier `?` after its period's
        // deadline. Taken for the answer to this `?`, it would leave the travel a period
        // behind, and each late report another, for the rest of the run. It is kept only in
        // case this answer is late too (then it says the stand is alive and what it did, but
        // gives no travel sample); its alarms and errors count at once.
        var late: StandStatus?
        for waiting in try line.waitingLines() {
            if let alarm = Self.alarm(in: waiting) { return alarm }
            if case .status(var status) = GCodeProtocol.reply(waiting) {
                status.isLate = true
                late = status
            }
        }
        try line.send([GCodeProtocol.statusQuery], timeoutMicros: 100_000)
        while let answer = try line.nextLine(deadlineMicros: deadlineMicros, clock: clock) {
            if let alarm = Self.alarm(in: answer) { return alarm }
            if case .status(let status) = GCodeProtocol.reply(answer) {
                if answer.hasPrefix("<Hold:0") { try line.send([GCodeProtocol.softReset], timeoutMicros: 100_000) }
                return status
            }
        }
        return late
    }

    /// The stand's alarm that `line` reports (`ALARM:N`, or `error:N` to the last command), or nil.
    private static func alarm(in line: String) -> StandStatus? {
        switch GCodeProtocol.reply(line) {
        case .alarm(let code): StandStatus(state: .alarm, travel: nil, alarm: "ALARM:\(code)")
        case .error(let code): StandStatus(state: .alarm, travel: nil, alarm: "error:\(code) to the last command")
        case .status, .ok, .other: nil
        }
    }

    public mutating func move(toTravel travel: Int64, speed: Int64, from: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        try send(GCodeProtocol.move(toTravel: travel, speed: speed))
    }

    public mutating func gaugeForce(deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> Force? {
        nil
    }

    public mutating func stop(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        try line.send([GCodeProtocol.feedHold], timeoutMicros: 100_000)
    }

    /// Writes one line and its LF, within 100 ms.
    private func send(_ text: String) throws(DeviceError) {
        try line.send(text + GCodeProtocol.lineEnd, timeoutMicros: 100_000)
    }
}
