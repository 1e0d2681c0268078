/// Why a waveform sequence does not fit the DRV2605L's sequencer; `description` is the
/// one-line message shown, saying what is wrong and what to do.
public enum DRV2605LSequenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sequence's text that does not read as steps.
    case unreadable(text: String, reason: String)
    /// A sequence with no step.
    case emptySequence
    /// A sequence with more steps than the sequencer's 8 slots.
    case tooManySteps(count: Int)
    /// An effect outside the library's 1…123, at `step` (1-based).
    case effectOutOfRange(effect: Int, step: Int)
    /// A wait that is not 10…1270 ms in 10 ms steps, at `step` (1-based).
    case waitOutOfRange(milliseconds: Int, step: Int)

    public var description: String {
        switch self {
        case .unreadable(let text, let reason):
            "DRV2605L sequence '\(text)': \(reason)"
        case .emptySequence:
            "a DRV2605L sequence needs at least one effect: e.g. 'effect 1'"
        case .tooManySteps(let count):
            "a DRV2605L sequence holds at most \(DRV2605LSequence.slotCount) effects and waits,"
                + " not \(count): drop steps or merge waits"
        case .effectOutOfRange(let effect, let step):
            "step \(step): effect \(effect) is not in the DRV2605L library: effects are 1 to"
                + " \(DRV2605LSequenceStep.effects.upperBound)"
        case .waitOutOfRange(let milliseconds, let step):
            "step \(step): wait \(milliseconds) ms is not one the DRV2605L sequencer holds:"
                + " waits are \(DRV2605LSequenceStep.waitUnitMillis) to \(DRV2605LSequenceStep.longestWaitMillis) ms"
                + " in steps of \(DRV2605LSequenceStep.waitUnitMillis) ms"
        }
    }
}
