/// How the quick-action menu opens, chooses and gives up. Bitwise-copyable so the loop can
/// receive it between two periods.
public struct QuickActionMenuSettings: Sendable, Equatable, BitwiseCopyable {
    /// Whether a popped press may open the menu at all.
    public var enabled: Bool
    /// Time the pop stage must be held, from the frame it fires, before the menu opens (µs).
    public var openHoldMicros: Int64
    /// Time an open menu waits without the selection changing before it gives up (µs).
    public var timeoutMicros: Int64
    /// How far past a zone border the centroid must go before the selection moves to the
    /// next zone, Q16 fraction of the pad's width (65536 = the whole width); keeps noise in
    /// the centroid from flickering between two slots.
    public var borderMarginQ16: Int32

    public init(enabled: Bool, openHoldMicros: Int64, timeoutMicros: Int64, borderMarginQ16: Int32) {
        self.enabled = enabled
        self.openHoldMicros = openHoldMicros
        self.timeoutMicros = timeoutMicros
        self.borderMarginQ16 = borderMarginQ16
    }

    /// On; opens after pop is held for 500 ms; gives up after 5 s without a change; a border
    /// margin of 1/32 of the width (2048, an eighth of a zone with four slots).
    public static let standard = QuickActionMenuSettings(
        enabled: true, openHoldMicros: 500_000, timeoutMicros: 5_000_000, borderMarginQ16: 2048)
}
