/// How a shortcut to look up or perform is named.
public enum ShortcutReference: Sendable, Equatable {
    /// As typed in the shell or given to `--shortcut`: a type, or else a slot number
    /// (`"2"`). A type that is itself a number (`"2"`) wins over the slot.
    case typeOrSlot(String)
    /// A visible slot, 1…``ShortcutRegistry/visibleSlotCount``, as chosen on the pad's
    /// quick-action menu.
    case slot(Int)

    /// The reference as text: the type as given, or the slot number.
    public var text: String {
        switch self {
        case .typeOrSlot(let text): text
        case .slot(let slot): String(slot)
        }
    }
}
