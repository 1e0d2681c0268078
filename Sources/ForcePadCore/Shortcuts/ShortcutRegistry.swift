/// The shortcuts offered to the operator, after the phone's home-screen quick actions:
/// static ones from the config file, in file order, then dynamic ones added at run time,
/// in the order added.
///
/// Rules:
/// - A shortcut is invalid, checked in this order, when a field is unusable
///   (``ShortcutDefinition/problem``), its icon name is not one this version knows, an
///   earlier shortcut already has its type, or its command is refused by the
///   ``ShortcutCommandCheck``. An invalid shortcut is listed with its reason and keeps its
///   place in the order, but it is never run and takes no slot. A stored dynamic shortcut
///   that a new version no longer accepts is thus kept, and saved again unchanged, until
///   the operator removes it.
/// - At most ``visibleSlotCount`` shortcuts are shown, in slots 1…4: the valid ones in
///   order, static first. Valid ones after the fourth are hidden (``hiddenCount``); they
///   can still be run by type from the shell.
/// - ``add(_:)`` refuses a shortcut that would be invalid, and one beyond
///   ``maxDynamicCount``. ``remove(type:)`` removes dynamic shortcuts only.
/// - ``perform(_:running:)`` runs only a valid shortcut that the reference names; anything
///   else is an outcome with an error, never a silent no-op.
public struct ShortcutRegistry: Sendable {
    /// Most shortcuts shown at once, as on the phone.
    public static var visibleSlotCount: Int {
        @_noAllocation get { 4 }
    }
    /// Most dynamic shortcuts kept, valid or not.
    public static let maxDynamicCount = 32

    /// Every shortcut, static ones first, each group in its order; invalid ones included.
    public private(set) var entries: [ShortcutEntry]
    /// The dynamic shortcuts in the order added, invalid ones included: what the state
    /// directory keeps.
    public private(set) var dynamicShortcuts: [DynamicShortcut]
    private let staticShortcuts: [ShortcutDefinition]
    private let commandCheck: any ShortcutCommandCheck

    /// The registry of `staticShortcuts` (from the config file) and `dynamicShortcuts` (as
    /// loaded from the state directory), every command checked by `commandCheck`.
    public init(
        staticShortcuts: [ShortcutDefinition], dynamicShortcuts: [DynamicShortcut], commandCheck: any ShortcutCommandCheck
    ) {
        self.staticShortcuts = staticShortcuts
        self.dynamicShortcuts = dynamicShortcuts
        self.commandCheck = commandCheck
        entries = Self.entries(staticShortcuts: staticShortcuts, dynamicShortcuts: dynamicShortcuts, commandCheck: commandCheck)
    }

    /// The shortcuts shown, in slot order (slots 1…4, at most four).
    public var visible: [ShortcutEntry] { entries.filter { $0.slot != nil } }

    /// Valid shortcuts that are not shown because four come before them.
    public var hiddenCount: Int { entries.count { $0.isValid && $0.slot == nil } }

    // MARK: Changes

    /// Adds `shortcut` after the other dynamic shortcuts and returns its entry (with its
    /// slot, or none when four are already shown). Refuses a shortcut that would be invalid
    /// (the refusal is the reason it would be listed with) and one beyond ``maxDynamicCount``.
    @discardableResult
    public mutating func add(_ shortcut: DynamicShortcut) throws(ShortcutRefusal) -> ShortcutEntry {
        let definition = shortcut.definition
        if let reason = Self.problem(of: definition, iconName: shortcut.iconName, after: entries, commandCheck: commandCheck) {
            throw ShortcutRefusal(reason)
        }
        guard dynamicShortcuts.count < Self.maxDynamicCount else {
            throw ShortcutRefusal(
                "there are already \(Self.maxDynamicCount) dynamic shortcuts, the most kept; remove one first (shortcut remove TYPE)")
        }
        dynamicShortcuts.append(shortcut)
        let entry = Self.entry(
            definition, iconName: shortcut.iconName, origin: .dynamic(version: shortcut.version), after: entries,
            commandCheck: commandCheck)
        entries.append(entry)
        return entry
    }

    /// Removes the dynamic shortcut of `type` (the first, should a hand-edited file hold
    /// two) and returns it. Static shortcuts are removed only from the config file.
    @discardableResult
    public mutating func remove(type: String) throws(ShortcutRefusal) -> DynamicShortcut {
        guard let index = dynamicShortcuts.firstIndex(where: { $0.type == type }) else {
            if staticShortcuts.contains(where: { $0.type == type }) {
                throw ShortcutRefusal(
                    "shortcut '\(type)' is static: it comes from the config file and can be removed only there")
            }
            throw Self.unknown(type, among: dynamicShortcuts.map(\.type), kind: "dynamic shortcut")
        }
        let removed = dynamicShortcuts.remove(at: index)
        entries = Self.entries(staticShortcuts: staticShortcuts, dynamicShortcuts: dynamicShortcuts, commandCheck: commandCheck)
        return removed
    }

    // MARK: Lookup and performing

    /// The shortcut `reference` names, valid or not. A type is looked up first; text that
    /// is no type but a number names a slot.
    public func entry(for reference: ShortcutReference) throws(ShortcutRefusal) -> ShortcutEntry {
        switch reference {
        case .typeOrSlot(let text):
            if let entry = entries.first(where: { $0.type == text }) { return entry }
            if let slot = Int(text) { return try entry(inSlot: slot) }
            throw Self.unknown(text, among: entries.map(\.type), kind: "shortcut")
        case .slot(let slot):
            return try entry(inSlot: slot)
        }
    }

    /// Performs the shortcut `reference` names: when it is found and valid, `run` runs its
    /// command and returns nil on success or the failure's one-line message. The outcome is
    /// the `shortcut.performed` record; an unknown or invalid shortcut is not handled and
    /// says why, and `run` is not called.
    public func perform(_ reference: ShortcutReference, running run: (ShortcutDefinition) -> String?) -> ShortcutOutcome {
        let entry: ShortcutEntry
        do {
            entry = try self.entry(for: reference)
        } catch {
            return ShortcutOutcome(type: reference.text, error: error.message)
        }
        if let reason = entry.invalidReason {
            return ShortcutOutcome(type: entry.type, error: "shortcut '\(entry.type)' cannot run: \(reason)")
        }
        return ShortcutOutcome(type: entry.type, error: run(entry.definition))
    }

    private func entry(inSlot slot: Int) throws(ShortcutRefusal) -> ShortcutEntry {
        guard (1...Self.visibleSlotCount).contains(slot) else {
            throw ShortcutRefusal("slot \(slot) does not exist; slots are 1 to \(Self.visibleSlotCount)")
        }
        if let entry = entries.first(where: { $0.slot == slot }) { return entry }
        switch visible.count {
        case 0: throw ShortcutRefusal("slot \(slot) is empty: no shortcut is shown")
        case 1: throw ShortcutRefusal("slot \(slot) is empty: only 1 shortcut is shown")
        case let shown: throw ShortcutRefusal("slot \(slot) is empty: only \(shown) shortcuts are shown")
        }
    }

    // MARK: Rules

    private static func entries(
        staticShortcuts: [ShortcutDefinition], dynamicShortcuts: [DynamicShortcut], commandCheck: any ShortcutCommandCheck
    ) -> [ShortcutEntry] {
        var entries: [ShortcutEntry] = []
        for definition in staticShortcuts {
            entries.append(
                entry(definition, iconName: definition.icon?.rawValue, origin: .config, after: entries, commandCheck: commandCheck))
        }
        for shortcut in dynamicShortcuts {
            entries.append(
                entry(
                    shortcut.definition, iconName: shortcut.iconName, origin: .dynamic(version: shortcut.version),
                    after: entries, commandCheck: commandCheck))
        }
        return entries
    }

    /// The entry for a shortcut that comes after `earlier`: its reason to be invalid, or the
    /// next free slot.
    private static func entry(
        _ definition: ShortcutDefinition, iconName: String?, origin: ShortcutOrigin, after earlier: [ShortcutEntry],
        commandCheck: any ShortcutCommandCheck
    ) -> ShortcutEntry {
        let reason = problem(of: definition, iconName: iconName, after: earlier, commandCheck: commandCheck)
        let shown = earlier.count { $0.slot != nil }
        let slot = reason == nil && shown < visibleSlotCount ? shown + 1 : nil
        return ShortcutEntry(definition: definition, origin: origin, invalidReason: reason, slot: slot)
    }

    /// Why a shortcut coming after `earlier` cannot run, in one line, or nil.
    private static func problem(
        of definition: ShortcutDefinition, iconName: String?, after earlier: [ShortcutEntry],
        commandCheck: any ShortcutCommandCheck
    ) -> String? {
        if let problem = definition.problem { return "\(problem.field) \(problem.message)" }
        if let iconName, ShortcutIcon(rawValue: iconName) == nil {
            let names = ShortcutIcon.allCases.map(\.rawValue)
            if let suggestion = EditDistance.nearest(to: iconName, in: names) {
                return "icon '\(iconName)' is not an icon this version knows; did you mean '\(suggestion)'? (allowed: \(ShortcutIcon.names))"
            }
            return "icon '\(iconName)' is not an icon this version knows; use one of \(ShortcutIcon.names)"
        }
        if let holder = earlier.first(where: { $0.type == definition.type }) {
            switch holder.origin {
            case .config:
                return "type '\(definition.type)' is already taken by a static shortcut from the config file; give this one another type"
            case .dynamic:
                return "type '\(definition.type)' is already taken by a dynamic shortcut; remove that one first (shortcut remove \(definition.type)) or give this one another type"
            }
        }
        return commandCheck.problem(in: definition.command)
    }

    /// No shortcut of `type` among `types` (`kind`: "shortcut" or "dynamic shortcut").
    private static func unknown(_ type: String, among types: [String], kind: String) -> ShortcutRefusal {
        if types.isEmpty { return ShortcutRefusal("no \(kind) of type '\(type)': there are none") }
        if let suggestion = EditDistance.nearest(to: type, in: types) {
            return ShortcutRefusal("no \(kind) of type '\(type)'; did you mean '\(suggestion)'?")
        }
        return ShortcutRefusal("no \(kind) of type '\(type)'; shortcut list shows the types")
    }
}
