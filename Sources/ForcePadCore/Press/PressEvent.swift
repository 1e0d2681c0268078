/// What the press recogniser reports, one case per `press.*` event of the contract.
///
/// Times are µs on the loop's clock (the frame's `timeMicros`); forces are the frame's total
/// in milligrams (Q0); progress is Q16 (65536 = 1.0). Bitwise-copyable so it can travel
/// through a lock-free ring.
public enum PressEvent: Sendable, Equatable, BitwiseCopyable {
    /// The force reached touch (for the dwell time): a press begins at `position` (Q16
    /// fractions of the pad; meaningful when the frame had a contact region).
    case began(atMicros: Int64, force: Force, position: PadPosition)
    /// Progress through `phase`, Q16 in 0…65536; rate-limited.
    case progress(atMicros: Int64, phase: PressPhase, progressQ16: Int32)
    /// Peek fired; `force` is the total of the frame in which it fired.
    case peek(atMicros: Int64, force: Force)
    /// Pop fired; `force` is the total of the frame in which it fired.
    case pop(atMicros: Int64, force: Force)
    /// The force fell below the release level; `stage` is the deepest stage the press reached.
    case released(atMicros: Int64, stage: PressStage)
    /// The press ended without a release.
    case cancelled(atMicros: Int64, reason: PressCancelReason)

    /// When it happened (µs on the loop's clock).
    public var timeMicros: Int64 {
        switch self {
        case .began(let time, _, _), .progress(let time, _, _), .peek(let time, _), .pop(let time, _),
            .released(let time, _), .cancelled(let time, _):
            time
        }
    }
}
