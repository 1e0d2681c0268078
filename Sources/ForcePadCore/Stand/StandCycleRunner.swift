/// Runs ``StandCycles`` one command period at a time: told what the stand's last status and
/// the force say, it answers what to send next. Pure; the stand's thread calls it after each
/// status, and sends what it asks.
///
/// A move counts as done once the crosshead is within ``travelTolerance`` of its travel, or
/// idle after it was seen moving; a press by force once the force reaches it (the runner asks
/// for a stop). A dwell ends once its time has passed and the crosshead stands idle (a G-code
/// stage's hold has been cleared), so the move up is never sent into a hold.
public struct StandCycleRunner: Sendable, Equatable {
    /// What to send the stand.
    public enum Action: Sendable, Equatable {
        case move(travel: Int64, speed: Int64)
        case stop
    }

    enum Phase: Sendable, Equatable {
        case starting
        case down(sawMoving: Bool)
        case dwelling(untilMicros: Int64?)
        case up(sawMoving: Bool)
        case finished
    }

    public let plan: StandCycles
    /// The deepest travel allowed (µm): a press by force never goes below it.
    public let deepest: Int64
    /// Presses made (down, dwell and back up).
    public private(set) var done = 0
    private var phase = Phase.starting
    /// How close a move must come to its travel to be done (µm).
    public static let travelTolerance: Int64 = 10

    public init(plan: StandCycles, deepest: Int64) {
        self.plan = plan
        self.deepest = deepest
    }

    /// Whether every press was made.
    public var isFinished: Bool { phase == .finished }

    /// What to send after a status saying `state` and `travel` (µm), with `force` read, at `nowMicros`.
    public mutating func next(state: StandState, travel: Int64?, force: Force?, nowMicros: Int64) -> Action? {
        switch phase {
        case .finished:
            return nil
        case .starting:
            phase = .down(sawMoving: false)
            switch plan.depth {
            case .force: return .move(travel: deepest, speed: plan.speed)
            case .travel(let target): return .move(travel: target, speed: plan.speed)
            }
        case .down(let sawMoving):
            if case .force(let target) = plan.depth, let force, force >= target {
                phase = .dwelling(untilMicros: nil)
                return .stop
            }
            let target: Int64 = if case .travel(let travel) = plan.depth { travel } else { deepest }
            if arrived(at: target, state: state, travel: travel, sawMoving: sawMoving) {
                phase = .dwelling(untilMicros: nil)
                return nil
            }
            phase = .down(sawMoving: sawMoving || state == .moving)
            return nil
        case .dwelling(let until):
            guard state == .idle else { return nil }
            let end = until ?? nowMicros + plan.dwellMicros
            guard nowMicros >= end else {
                phase = .dwelling(untilMicros: end)
                return nil
            }
            phase = .up(sawMoving: false)
            return .move(travel: plan.returnTravel, speed: plan.speed)
        case .up(let sawMoving):
            guard arrived(at: plan.returnTravel, state: state, travel: travel, sawMoving: sawMoving) else {
                phase = .up(sawMoving: sawMoving || state == .moving)
                return nil
            }
            done += 1
            phase = done >= plan.count ? .finished : .starting
            return phase == .finished ? nil : next(state: state, travel: travel, force: force, nowMicros: nowMicros)
        }
    }

    private func arrived(at target: Int64, state: StandState, travel: Int64?, sawMoving: Bool) -> Bool {
        guard state == .idle else { return false }
        if let travel, abs(travel - target) <= Self.travelTolerance { return true }
        return sawMoving
    }
}
