/// The stand's safety rule, in one place: given what is known now, whether it must be
/// stopped at once and why. Pure: the stand's thread asks it once per command period and
/// after every answer.
public struct StandSafety: Sendable, Equatable {
    /// The board's stand.
    public let stand: StandDescription

    public init(stand: StandDescription) { self.stand = stand }

    /// Why the stand must stop, or nil. `lastAnswerMicros` is when it last answered (µs, any
    /// clock `nowMicros` shares); `force` the latest force reading (nil before the first);
    /// `status` the stand's last status.
    public func stopReason(nowMicros: Int64, lastAnswerMicros: Int64, force: Force?, status: StandStatus) -> StandStopReason? {
        if let force, force >= stand.forceLimit { return .forceLimit(force: force, limit: stand.forceLimit) }
        if status.state == .alarm { return .alarm(status.alarm ?? "alarm") }
        let silence = nowMicros - lastAnswerMicros
        if silence > stand.silenceLimitMicros { return .silent(micros: silence) }
        return nil
    }
}
