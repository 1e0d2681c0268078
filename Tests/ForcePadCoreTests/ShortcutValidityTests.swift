import ForcePadCore
import Testing

/// Shortcuts that this version cannot run: listed with the reason, never run, no slot, and
/// kept (a stored one is saved again unchanged).
@Suite struct ShortcutValidityTests {
    @Test func aStoredShortcutWhoseCommandNoLongerParsesIsListedButTakesNoSlot() {
        let stored = [addedShortcut("d.1"), addedShortcut("d.old", command: "calibrate all"), addedShortcut("d.2")]
        let registry = ShortcutRegistry(staticShortcuts: [], dynamicShortcuts: stored, commandCheck: shortcutTestCommands)
        #expect(registry.entries.map(\.type) == ["d.1", "d.old", "d.2"])
        #expect(registry.entries.map(\.slot) == [1, nil, 2])
        #expect(registry.entries.map(\.isValid) == [true, false, true])
        #expect(registry.entries[1].invalidReason == "command 'calibrate all' is not valid in this version: unknown command 'calibrate'")
        #expect(registry.visible.map(\.type) == ["d.1", "d.2"])
        #expect(registry.hiddenCount == 0)
        #expect(registry.dynamicShortcuts == stored)
    }

    @Test func anOlderVersionsShortcutKeepsItsVersionAndIsInvalidWhenItsCommandIsRejected() {
        let older = addedShortcut("lab.zero", command: "zero", version: "0.0.9")
        let olderStillValid = addedShortcut("lab.tare", command: "tare", version: "0.0.9")
        let registry = ShortcutRegistry(
            staticShortcuts: [], dynamicShortcuts: [older, olderStillValid], commandCheck: shortcutTestCommands)
        #expect(registry.entries[0].origin == .dynamic(version: "0.0.9"))
        #expect(registry.entries[0].invalidReason == "command 'zero' is not valid in this version: unknown command 'zero'")
        #expect(registry.entries[1].origin == .dynamic(version: "0.0.9"))
        #expect(registry.entries[1].isValid)
        #expect(registry.entries[1].slot == 1)
        #expect(registry.dynamicShortcuts.map(\.version) == ["0.0.9", "0.0.9"])
    }

    @Test func anIconThisVersionDoesNotKnowIsKeptByName() {
        let newer = addedShortcut("lab.flash", iconName: "flash", version: "0.3.0")
        let registry = ShortcutRegistry(staticShortcuts: [], dynamicShortcuts: [newer], commandCheck: shortcutTestCommands)
        #expect(registry.entries[0].invalidReason == "icon 'flash' is not an icon this version knows; use one of \(ShortcutIcon.names)")
        #expect(registry.entries[0].definition.icon == nil)
        #expect(registry.entries[0].slot == nil)
        #expect(registry.dynamicShortcuts[0].iconName == "flash")
    }

    @Test func aStoredTypeThatAStaticShortcutNowHasIsInvalidUntilRemoved() throws {
        var registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("lab.tare")],
            dynamicShortcuts: [addedShortcut("lab.tare", command: "status")], commandCheck: shortcutTestCommands)
        #expect(registry.entries.map(\.slot) == [1, nil])
        #expect(registry.entries[1].invalidReason == "type 'lab.tare' is already taken by a static shortcut from the config file; give this one another type")
        #expect(try registry.entry(for: .typeOrSlot("lab.tare")).origin == .config)
        let removed = try registry.remove(type: "lab.tare")
        #expect(removed.command == "status")
        #expect(registry.entries.map(\.origin) == [.config])
    }

    @Test func aTypeStoredTwiceMakesTheSecondInvalidUntilTheFirstIsRemoved() throws {
        var registry = ShortcutRegistry(
            staticShortcuts: [],
            dynamicShortcuts: [addedShortcut("d.1", command: "tare"), addedShortcut("d.1", command: "status")],
            commandCheck: shortcutTestCommands)
        #expect(registry.entries.map(\.slot) == [1, nil])
        #expect(registry.entries[1].invalidReason == "type 'd.1' is already taken by a dynamic shortcut; remove that one first (shortcut remove d.1) or give this one another type")
        #expect(try registry.remove(type: "d.1").command == "tare")
        #expect(registry.entries.count == 1)
        #expect(registry.entries[0].definition.command == "status")
        #expect(registry.entries[0].slot == 1)
    }

    @Test func fieldsOverTheLimitsOfThisVersionAreListedNotDropped() {
        var long = addedShortcut("lab.long")
        long.title = String(repeating: "t", count: 80)
        let registry = ShortcutRegistry(staticShortcuts: [], dynamicShortcuts: [long], commandCheck: shortcutTestCommands)
        #expect(registry.entries[0].invalidReason == "title is 80 characters; at most 64")
        #expect(registry.dynamicShortcuts == [long])
    }

    @Test func aStaticShortcutWithACommandThisVersionRejectsIsInvalidToo() {
        let registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("s.bad", command: "reboot"), configShortcut("s.good")],
            dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        #expect(registry.entries.map(\.slot) == [nil, 1])
        #expect(registry.entries[0].invalidReason == "command 'reboot' is not valid in this version: unknown command 'reboot'")
    }

    @Test func aTypeHeldByAnInvalidShortcutCannotBeAddedAgainUntilRemoved() throws {
        var registry = ShortcutRegistry(
            staticShortcuts: [], dynamicShortcuts: [addedShortcut("lab.zero", command: "zero", version: "0.0.9")],
            commandCheck: shortcutTestCommands)
        #expect(refusalMessage { try registry.add(addedShortcut("lab.zero", command: "tare")) } == "type 'lab.zero' is already taken by a dynamic shortcut; remove that one first (shortcut remove lab.zero) or give this one another type")
        try registry.remove(type: "lab.zero")
        #expect(try registry.add(addedShortcut("lab.zero", command: "tare")).slot == 1)
    }
}
