/// One slot of the DRV2605L's waveform sequencer: a library effect, or a pause.
public enum DRV2605LSequenceStep: Sendable, Equatable {
    /// Effect `n` (1…123) of the selected library.
    case effect(Int)
    /// A pause of `milliseconds` (10…1270, a multiple of 10).
    case wait(milliseconds: Int)

    /// The effects every ROM library holds.
    public static let effects: ClosedRange<Int> = 1...123
    /// A wait slot counts in units of 10 ms, up to 127 of them.
    public static let waitUnitMillis = 10
    public static let longestWaitMillis = 127 * waitUnitMillis
    /// WAV_FRM_SEQn bit 7: the slot is a wait, not an effect.
    static let waitFlag: UInt8 = 0x80

    /// The slot's register value: the effect number, or bit 7 (WAIT) with the wait in 10 ms
    /// units. `step` (1-based) names the step in the error.
    func slotValue(step: Int) throws(DRV2605LSequenceError) -> UInt8 {
        switch self {
        case .effect(let effect):
            guard Self.effects.contains(effect) else { throw .effectOutOfRange(effect: effect, step: step) }
            return UInt8(effect)
        case .wait(let milliseconds):
            guard milliseconds >= Self.waitUnitMillis, milliseconds <= Self.longestWaitMillis,
                milliseconds % Self.waitUnitMillis == 0
            else { throw .waitOutOfRange(milliseconds: milliseconds, step: step) }
            return Self.waitFlag | UInt8(milliseconds / Self.waitUnitMillis)
        }
    }
}
