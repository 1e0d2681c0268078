/// One shortcut as the ``ShortcutRegistry`` lists it: what it is, where it comes from,
/// whether it can run, and the slot it is shown in.
public struct ShortcutEntry: Sendable, Equatable {
    public let definition: ShortcutDefinition
    public let origin: ShortcutOrigin
    /// Why it cannot run, in one line (a command this version does not accept, a type
    /// already taken, …); nil when it can. An invalid shortcut is listed but never run and
    /// takes no slot.
    public let invalidReason: String?
    /// The slot it is shown in, 1…``ShortcutRegistry/visibleSlotCount``; nil when it is
    /// invalid or hidden behind the four shown.
    public let slot: Int?

    init(definition: ShortcutDefinition, origin: ShortcutOrigin, invalidReason: String?, slot: Int?) {
        self.definition = definition
        self.origin = origin
        self.invalidReason = invalidReason
        self.slot = slot
    }

    public var type: String { definition.type }

    /// Whether it can run.
    public var isValid: Bool { invalidReason == nil }
}
