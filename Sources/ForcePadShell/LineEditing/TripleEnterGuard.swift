/// Keeps line noise away from the shell after a console (re)connects: until Enter has
/// been pressed three times in a row with no other key between, every key is discarded. A
/// USB serial console sees cable bounce and a modem driver's "AT" chatter when it is
/// plugged in; three Enters in a row are something only a person types. (NuttX's shell
/// guards its USB console the same way.)
public struct TripleEnterGuard: Sendable {
    /// What to do with one key.
    public enum Decision: Sendable, Equatable {
        /// The guard is open: hand the key to the line editor.
        case deliver
        /// The guard is closed: drop the key.
        case discard
        /// This key was the third Enter in a row: drop it, the guard is now open (show the
        /// prompt).
        case unlock
    }

    /// Enters in a row that open the guard.
    public static let entersToUnlock = 3

    /// False: every key is delivered at once, even right after a connection.
    public let isEnabled: Bool
    /// True once the Enters have been typed (always when not enabled).
    public private(set) var isOpen: Bool
    private var entersInARow = 0

    /// A guard for a fresh connection: closed if `enabled`.
    public init(enabled: Bool) {
        isEnabled = enabled
        isOpen = !enabled
    }

    /// Closes the guard again (when enabled), for a console that has just (re)connected.
    public mutating func connectionStarted() {
        isOpen = !isEnabled
        entersInARow = 0
    }

    /// Whether `key` goes to the editor; counts the Enters while closed. Any other key,
    /// ignored ones included, starts the count again.
    public mutating func admit(_ key: Key) -> Decision {
        guard !isOpen else { return .deliver }
        guard key == .enter else {
            entersInARow = 0
            return .discard
        }
        entersInARow += 1
        guard entersInARow == Self.entersToUnlock else { return .discard }
        isOpen = true
        entersInARow = 0
        return .unlock
    }
}
