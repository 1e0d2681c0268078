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
    /// When each `?` whose report has not come yet was asked (µs, the clock's), oldest first.
    /// GRBL answers every `?` with one report, in order, so theirs come before the next `?`'s.
    private var unanswered: [Int64]
    /// How long a report may take before it is taken as lost (µs): the stand's silence limit,
    /// past which the driver stops it anyway.
    private let lostAfterMicros: Int64

    public init(description: StandDescription, devicePath: String) throws(DeviceError) {
        line = try StandLine(devicePath: devicePath, baud: description.baud)
        unanswered = []
        lostAfterMicros = description.silenceLimitMicros
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
        // Reports carry no tag: one that answers an earlier `?`, come after its period's
        // deadline, taken for the answer to this `?`, would leave the travel a period behind,
        // and each late report another, for the rest of the run. The `?`s not answered yet
        // are counted, so their reports are known as late whether they wait already or come
        // after this `?`. A late one is kept only in case this answer is late too (then it says
        // the stand is alive and what it did, but gives no travel sample); alarms and errors
        // count at once. A report older than the silence limit is taken as lost.
        let now = clock.nowMicros()
        unanswered.removeAll { now - $0 > lostAfterMicros }
        var late: StandStatus?
        for waiting in try line.waitingLines() {
            if let alarm = Self.alarm(in: waiting) { return alarm }
            if case .status(let status) = GCodeProtocol.reply(waiting) { late = answeringEarlier(status) }
        }
        try line.send([GCodeProtocol.statusQuery], timeoutMicros: 100_000)
        unanswered.append(clock.nowMicros())
        while let answer = try line.nextLine(deadlineMicros: deadlineMicros, clock: clock) {
            if let alarm = Self.alarm(in: answer) { return alarm }
            if case .status(let status) = GCodeProtocol.reply(answer) {
                if answer.hasPrefix("<Hold:0") {
                    try line.send([GCodeProtocol.softReset], timeoutMicros: 100_000)
                    // A reset controller answers no `?` asked before it.
                    unanswered.removeAll()
                    return status
                }
                guard unanswered.count > 1 else {
                    unanswered.removeAll()
                    return status
                }
                late = answeringEarlier(status)
            }
        }
        return late
    }

    /// `status`, a report that answers an earlier `?` than the last, marked late; the oldest
    /// `?` not answered yet counts as answered.
    private mutating func answeringEarlier(_ status: StandStatus) -> StandStatus {
        if !unanswered.isEmpty { unanswered.removeFirst() }
        var late = status
        late.isLate = true
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
