/// How far the scheduler may act on the actuator line. Events are reported the same way in
/// every case.
public enum HapticLineAccess: Sendable, Equatable, BitwiseCopyable {
    /// The line follows the patterns.
    case drive
    /// Haptics are disabled: the line is kept off.
    case keepOff
    /// A dry run: the line is never touched, not even to turn it off at start or shutdown,
    /// so timings can be checked with no actuator wired or with the line used elsewhere.
    case dryRun

    /// Whether the loop may call the GPIO line at all.
    public var touchesLine: Bool {
        @_noAllocation get {
            switch self {
            case .drive, .keepOff: true
            case .dryRun: false
            }
        }
    }
}
