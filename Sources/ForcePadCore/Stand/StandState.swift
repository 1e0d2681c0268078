/// What a stand's crosshead is doing, as its last status answer said.
public enum StandState: String, Sendable, Equatable {
    /// Not yet asked, or not answering.
    case unknown
    /// Standing still, ready for a move.
    case idle
    /// Moving.
    case moving
    /// Finding its home (G-code `$H`).
    case homing
    /// Held or stopped by a stop ForcePad sent; a new move clears it.
    case held
    /// In an alarm of its own (G-code `ALARM:n`, an ESM303 limit switch or gauge overload).
    case alarm
}
