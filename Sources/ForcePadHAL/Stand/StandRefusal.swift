import ForcePadCore

/// Why the stand refused a request, as one line with its fix.
public enum StandRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    case notHomed
    case travelOutOfRange(Int64, ClosedRange<Int64>)
    case speedOutOfRange(Int64, ClosedRange<Int64>)
    case forceAtLimit(Force, Force)

    public var description: String {
        switch self {
        case .notHomed:
            "the stand has not found home since the start: run stand home first"
        case .travelOutOfRange(let travel, let limits):
            "\(StandTravelText.readable(travel)) is outside the board's travel \(StandTravelText.readable(limits.lowerBound))…\(StandTravelText.readable(limits.upperBound))"
        case .speedOutOfRange(let speed, let limits):
            "\(StandTravelText.readableSpeed(speed)) is outside \(StandTravelText.readableSpeed(limits.lowerBound))…\(StandTravelText.readableSpeed(limits.upperBound)) (the board's max_speed)"
        case .forceAtLimit(let force, let limit):
            "\(force) is not below the board's force_limit \(limit)"
        }
    }
}
