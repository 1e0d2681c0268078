import ForcePadCore
import Testing

/// Accepts a command line whose first word is one of `names`, as the shell's check accepts
/// only commands of its table.
struct FirstWordCommandCheck: ShortcutCommandCheck {
    let names: Set<String>

    func problem(in command: String) -> String? {
        let word = command.split(separator: " ").first.map(String.init) ?? ""
        return names.contains(word) ? nil : "command '\(command)' is not valid in this version: unknown command '\(word)'"
    }
}

/// The commands of these tests' shell.
let shortcutTestCommands = FirstWordCommandCheck(names: ["tare", "status", "preset", "haptic"])

/// A static shortcut titled after its type.
func configShortcut(_ type: String, command: String = "tare") -> ShortcutDefinition {
    ShortcutDefinition(type: type, title: "Title of \(type)", subtitle: nil, icon: .tare, userInfo: [:], command: command)
}

/// A dynamic shortcut titled after its type, added by `version`.
func addedShortcut(
    _ type: String, command: String = "status", iconName: String? = nil, version: String = "0.1.0"
) -> DynamicShortcut {
    DynamicShortcut(
        type: type, title: "Title of \(type)", subtitle: nil, iconName: iconName, userInfo: [:], command: command,
        version: version)
}

/// The message `body` is refused with, or nil when it is not refused.
func refusalMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let refusal as ShortcutRefusal {
        return refusal.message
    } catch {
        return "not a refusal: \(error)"
    }
}

@Suite struct ShortcutRegistryTests {
    @Test func staticShortcutsComeFirstThenDynamicOnesInTheOrderAdded() throws {
        var registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("lab.b"), configShortcut("lab.a")],
            dynamicShortcuts: [addedShortcut("run.z")], commandCheck: shortcutTestCommands)
        try registry.add(addedShortcut("run.y", version: "0.2.0"))
        #expect(registry.entries.map(\.type) == ["lab.b", "lab.a", "run.z", "run.y"])
        #expect(registry.entries.map(\.origin) == [.config, .config, .dynamic(version: "0.1.0"), .dynamic(version: "0.2.0")])
        #expect(registry.entries.map(\.slot) == [1, 2, 3, 4])
        #expect(registry.dynamicShortcuts.map(\.type) == ["run.z", "run.y"])
        #expect(registry.hiddenCount == 0)
    }

    @Test func atMostFourAreShownStaticFirstAndTheRestAreHidden() {
        let registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("s.1"), configShortcut("s.2"), configShortcut("s.3")],
            dynamicShortcuts: [addedShortcut("d.1"), addedShortcut("d.2"), addedShortcut("d.3")],
            commandCheck: shortcutTestCommands)
        #expect(registry.visible.map(\.type) == ["s.1", "s.2", "s.3", "d.1"])
        #expect(registry.visible.map(\.slot) == [1, 2, 3, 4])
        #expect(registry.entries.map(\.slot) == [1, 2, 3, 4, nil, nil])
        #expect(registry.hiddenCount == 2)
        #expect(registry.entries.map(\.isValid) == Array(repeating: true, count: 6))
    }

    @Test func fiveStaticShortcutsHideEveryDynamicOne() {
        let statics = (1...5).map { configShortcut("s.\($0)") }
        let registry = ShortcutRegistry(
            staticShortcuts: statics, dynamicShortcuts: [addedShortcut("d.1")], commandCheck: shortcutTestCommands)
        #expect(registry.visible.map(\.type) == ["s.1", "s.2", "s.3", "s.4"])
        #expect(registry.hiddenCount == 2)
    }

    @Test func anAddedShortcutTakesTheNextFreeSlotOrIsHidden() throws {
        var registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("s.1")], dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        #expect(try registry.add(addedShortcut("d.1")).slot == 2)
        #expect(try registry.add(addedShortcut("d.2")).slot == 3)
        #expect(try registry.add(addedShortcut("d.3")).slot == 4)
        let hidden = try registry.add(addedShortcut("d.4"))
        #expect(hidden.slot == nil)
        #expect(hidden.isValid)
        #expect(registry.hiddenCount == 1)
    }

    @Test func lookupByTypeOrBySlot() throws {
        let registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("lab.tare")],
            dynamicShortcuts: [addedShortcut("lab.status"), addedShortcut("3")], commandCheck: shortcutTestCommands)
        #expect(try registry.entry(for: .typeOrSlot("lab.status")).slot == 2)
        #expect(try registry.entry(for: .typeOrSlot("1")).type == "lab.tare")
        #expect(try registry.entry(for: .typeOrSlot("2")).type == "lab.status")
        #expect(try registry.entry(for: .slot(2)).type == "lab.status")
        // A type that is a number wins over the slot of that number.
        #expect(try registry.entry(for: .typeOrSlot("3")).slot == 3)
        #expect(try registry.entry(for: .slot(3)).type == "3")
    }

    @Test func emptyAndMissingSlotsAreRefusedWithTheReason() {
        let one = ShortcutRegistry(staticShortcuts: [configShortcut("s.1")], dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        let two = ShortcutRegistry(
            staticShortcuts: [configShortcut("s.1"), configShortcut("s.2")], dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        let none = ShortcutRegistry(staticShortcuts: [], dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        #expect(refusalMessage { _ = try one.entry(for: .slot(2)) } == "slot 2 is empty: only 1 shortcut is shown")
        #expect(refusalMessage { _ = try two.entry(for: .typeOrSlot("4")) } == "slot 4 is empty: only 2 shortcuts are shown")
        #expect(refusalMessage { _ = try none.entry(for: .slot(1)) } == "slot 1 is empty: no shortcut is shown")
        #expect(refusalMessage { _ = try two.entry(for: .slot(5)) } == "slot 5 does not exist; slots are 1 to 4")
        #expect(refusalMessage { _ = try two.entry(for: .typeOrSlot("0")) } == "slot 0 does not exist; slots are 1 to 4")
    }

    @Test func unknownTypesAreRefusedWithASuggestion() {
        let registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("lab.tare")], dynamicShortcuts: [addedShortcut("lab.status")],
            commandCheck: shortcutTestCommands)
        let none = ShortcutRegistry(staticShortcuts: [], dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        #expect(refusalMessage { _ = try registry.entry(for: .typeOrSlot("lab.tar")) } == "no shortcut of type 'lab.tar'; did you mean 'lab.tare'?")
        #expect(refusalMessage { _ = try registry.entry(for: .typeOrSlot("home")) } == "no shortcut of type 'home'; shortcut list shows the types")
        #expect(refusalMessage { _ = try none.entry(for: .typeOrSlot("home")) } == "no shortcut of type 'home': there are none")
    }

    @Test func everyRefusalOfAnAddSaysWhatIsAllowed() {
        var registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("lab.tare")], dynamicShortcuts: [addedShortcut("lab.status")],
            commandCheck: shortcutTestCommands)
        func refusal(_ shortcut: DynamicShortcut) -> String? {
            refusalMessage { try registry.add(shortcut) }
        }
        var emptyTitle = addedShortcut("lab.new")
        emptyTitle.title = ""
        var longTitle = addedShortcut("lab.new")
        longTitle.title = String(repeating: "t", count: 65)
        var longSubtitle = addedShortcut("lab.new")
        longSubtitle.subtitle = String(repeating: "s", count: 70)
        var longCommand = addedShortcut("lab.new")
        longCommand.command = "status " + String(repeating: "x", count: 250)
        let icons = ShortcutIcon.names

        #expect(refusal(addedShortcut("")) == "type must not be empty (e.g. \"lab.tare\")")
        #expect(refusal(addedShortcut("lab tare")) == "type 'lab tare' may use only letters, digits, '.', '-' and '_'")
        #expect(refusal(addedShortcut(String(repeating: "a", count: 65))) == "type is 65 characters; at most 64")
        #expect(refusal(emptyTitle) == "title must not be empty: give the text the operator sees, e.g. \"Tare\"")
        #expect(refusal(longTitle) == "title is 65 characters; at most 64")
        #expect(refusal(longSubtitle) == "subtitle is 70 characters; at most 64")
        #expect(refusal(addedShortcut("lab.new", command: "")) == "command must not be empty: give the shell command it runs, e.g. \"tare\"")
        #expect(refusal(longCommand) == "command is 257 characters; at most 256")
        #expect(refusal(addedShortcut("lab.new", iconName: "tar")) == "icon 'tar' is not an icon this version knows; did you mean 'tare'? (allowed: \(icons))")
        #expect(refusal(addedShortcut("lab.new", iconName: "lightning")) == "icon 'lightning' is not an icon this version knows; use one of \(icons)")
        #expect(refusal(addedShortcut("lab.tare")) == "type 'lab.tare' is already taken by a static shortcut from the config file; give this one another type")
        #expect(refusal(addedShortcut("lab.status")) == "type 'lab.status' is already taken by a dynamic shortcut; remove that one first (shortcut remove lab.status) or give this one another type")
        #expect(refusal(addedShortcut("lab.new", command: "calibrate now")) == "command 'calibrate now' is not valid in this version: unknown command 'calibrate'")
        #expect(registry.entries.map(\.type) == ["lab.tare", "lab.status"])
        #expect(registry.dynamicShortcuts.count == 1)
    }

    @Test func noMoreThanThirtyTwoDynamicShortcutsAreKept() throws {
        var registry = ShortcutRegistry(staticShortcuts: [], dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        for index in 1...32 {
            try registry.add(addedShortcut("d.\(index)"))
        }
        #expect(ShortcutRegistry.maxDynamicCount == 32)
        #expect(refusalMessage { try registry.add(addedShortcut("d.33")) } == "there are already 32 dynamic shortcuts, the most kept; remove one first (shortcut remove TYPE)")
        #expect(registry.dynamicShortcuts.count == 32)
        #expect(registry.hiddenCount == 28)
        try registry.remove(type: "d.7")
        #expect(try registry.add(addedShortcut("d.33")).slot == nil)
    }

    @Test func removingADynamicShortcutMovesTheOthersUp() throws {
        var registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("s.1")],
            dynamicShortcuts: [addedShortcut("d.1"), addedShortcut("d.2"), addedShortcut("d.3"), addedShortcut("d.4")],
            commandCheck: shortcutTestCommands)
        #expect(registry.hiddenCount == 1)
        let removed = try registry.remove(type: "d.2")
        #expect(removed == addedShortcut("d.2"))
        #expect(registry.visible.map(\.type) == ["s.1", "d.1", "d.3", "d.4"])
        #expect(registry.hiddenCount == 0)
        #expect(registry.dynamicShortcuts.map(\.type) == ["d.1", "d.3", "d.4"])
    }

    @Test func onlyDynamicShortcutsCanBeRemoved() {
        var registry = ShortcutRegistry(
            staticShortcuts: [configShortcut("lab.tare")], dynamicShortcuts: [addedShortcut("lab.status")],
            commandCheck: shortcutTestCommands)
        #expect(refusalMessage { try registry.remove(type: "lab.tare") } == "shortcut 'lab.tare' is static: it comes from the config file and can be removed only there")
        #expect(refusalMessage { try registry.remove(type: "lab.stat") } == "no dynamic shortcut of type 'lab.stat'; did you mean 'lab.status'?")
        #expect(refusalMessage { try registry.remove(type: "other") } == "no dynamic shortcut of type 'other'; shortcut list shows the types")
        #expect(registry.entries.map(\.type) == ["lab.tare", "lab.status"])
        var onlyStatic = ShortcutRegistry(
            staticShortcuts: [configShortcut("lab.tare")], dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        #expect(refusalMessage { try onlyStatic.remove(type: "lab.tar") } == "no dynamic shortcut of type 'lab.tar': there are none")
    }
}
