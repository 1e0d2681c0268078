/// A small number naming a haptic pattern inside the loop, where strings have no place.
/// ``HapticPatternCatalog`` keeps the names; `peek`, `pop` and `release` have fixed ids.
public struct HapticPatternID: Sendable, Hashable, BitwiseCopyable {
    /// Index into ``HapticPatternBank`` (0…capacity − 1).
    public var rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Played when a press reaches peek.
    public static let peek = HapticPatternID(rawValue: 0)
    /// Played when a press reaches pop.
    public static let pop = HapticPatternID(rawValue: 1)
    /// Played when a press that reached pop is released (optional pattern).
    public static let release = HapticPatternID(rawValue: 2)

    /// Whether this is the pattern of a press stage (`peek`, `pop` or `release`): the
    /// ``HapticScheduler`` starts a stage's pattern without waiting for `minOffMicros`.
    /// `haptic test pop` plays under the stage's id and so starts the same way.
    public var isStage: Bool {
        @_noAllocation get { rawValue <= Self.release.rawValue }
    }
}
