/// A change of the pattern's line state, for the event ring (`haptic.on` / `haptic.off`).
/// Reported in every line access mode, so a dry run or disabled haptics still show when the
/// actuator would have been driven. Times are µs on the loop's clock.
public enum HapticEvent: Sendable, Equatable, BitwiseCopyable {
    /// An on step of `pattern` started.
    case on(atMicros: Int64, pattern: HapticPatternID)
    /// An on step of `pattern` ended.
    case off(atMicros: Int64, pattern: HapticPatternID)

    /// Whether the line went on.
    public var isOn: Bool {
        if case .on = self { return true }
        return false
    }

    /// The pattern it belongs to.
    public var pattern: HapticPatternID {
        switch self {
        case .on(_, let id), .off(_, let id): id
        }
    }

    /// When it happened (µs on the loop's clock).
    public var timeMicros: Int64 {
        switch self {
        case .on(let time, _), .off(let time, _): time
        }
    }
}
