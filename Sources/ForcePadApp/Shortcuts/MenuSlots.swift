import ForcePadHAL
import ForcePadCore
import Synchronization

/// The shortcuts the pad's quick-action menu offers, shared between the shell thread (which
/// changes them) and the event pump (which lists them when the menu opens and records which
/// one a lift chose), plus the shortcut chosen on the pad and not yet performed.
final class MenuSlots: Sendable {
    private struct State {
        var shown: [(type: String, title: String)] = []
        var offered: [String] = []
        var chosen: String?
    }

    private let state = PosixMutex(State())

    /// The shortcuts shown now, in slot order.
    func update(_ shown: [(type: String, title: String)]) {
        state.withLock { $0.shown = shown }
    }

    /// Follows the pad's menu: when it opens, remembers what it offers and returns it (to be
    /// listed); when it performs a slot, the shortcut offered there is chosen. Nil otherwise.
    func handle(_ event: QuickActionEvent) -> [(type: String, title: String)]? {
        state.withLock { state in
            switch event {
            case .opened:
                state.offered = state.shown.map(\.type)
                return state.shown
            case .performed(_, let slot):
                if slot >= 1 && slot <= state.offered.count { state.chosen = state.offered[slot - 1] }
                return nil
            default:
                return nil
            }
        }
    }

    /// The shortcut chosen on the pad, once.
    func takeChosen() -> String? {
        state.withLock { state in
            defer { state.chosen = nil }
            return state.chosen
        }
    }
}
