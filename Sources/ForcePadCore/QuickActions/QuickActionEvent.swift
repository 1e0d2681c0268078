/// What the quick-action menu reports. Times are µs on the loop's clock; slots are 1…4, the
/// slot numbers of ``ShortcutRegistry/visible``. Bitwise-copyable so it can travel through
/// a lock-free ring.
///
/// Every `opened` is followed by exactly one `performed` or `dismissed`.
public enum QuickActionEvent: Sendable, Equatable, BitwiseCopyable {
    /// The menu opened with `slotCount` slots (1…4) across the pad.
    case opened(atMicros: Int64, slotCount: Int)
    /// The finger moved onto `slot`; the loop plays a short tick on it.
    case selected(atMicros: Int64, slot: Int)
    /// The press was released with `slot` selected: perform the shortcut in that slot.
    case performed(atMicros: Int64, slot: Int)
    /// The menu closed without performing anything.
    case dismissed(atMicros: Int64, reason: QuickActionDismissal)

    /// When it happened (µs on the loop's clock).
    public var timeMicros: Int64 {
        switch self {
        case .opened(let time, _), .selected(let time, _), .performed(let time, _), .dismissed(let time, _): time
        }
    }
}
