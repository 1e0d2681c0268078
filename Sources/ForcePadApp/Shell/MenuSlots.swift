import Synchronization

/// The shortcuts the pad's quick-action menu offers, shared between the shell thread (which
/// changes them) and the event printer (which lists them when the menu opens and records
/// which one a lift chose), plus the shortcut chosen on the pad and not yet performed.
final class MenuSlots: Sendable {
    private struct State {
        var shown: [(type: String, title: String)] = []
        var offered: [String] = []
        var chosen: String?
    }

    private let state = Mutex(State())

    /// The shortcuts shown now, in slot order.
    func update(_ shown: [(type: String, title: String)]) {
        state.withLock { $0.shown = shown }
    }

    /// The menu opened: remembers what it offers and returns the titles to print.
    func opened() -> [(type: String, title: String)] {
        state.withLock { state in
            state.offered = state.shown.map(\.type)
            return state.shown
        }
    }

    /// The menu performed `slot` (1-based): the shortcut it offered there is to be run.
    func performed(slot: Int) {
        state.withLock { state in
            if slot >= 1 && slot <= state.offered.count { state.chosen = state.offered[slot - 1] }
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
