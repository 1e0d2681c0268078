import ForcePadCore
import Testing

/// Performing: only a found, valid shortcut runs; every outcome says whether it was handled.
@Suite struct ShortcutPerformTests {
    let registry = ShortcutRegistry(
        staticShortcuts: [configShortcut("lab.tare", command: "tare")],
        dynamicShortcuts: [
            addedShortcut("lab.status", command: "status"), addedShortcut("lab.zero", command: "zero", version: "0.0.9"),
            addedShortcut("d.3"), addedShortcut("d.4"), addedShortcut("d.hidden", command: "haptic test pop"),
        ],
        commandCheck: shortcutTestCommands)

    @Test func aValidShortcutRunsItsCommandOnceAndIsHandled() {
        var ran: [String] = []
        let outcome = registry.perform(.typeOrSlot("lab.status")) { definition in
            ran.append(definition.command)
            return nil
        }
        #expect(ran == ["status"])
        #expect(outcome == ShortcutOutcome(type: "lab.status", error: nil))
        #expect(outcome.handled)
    }

    @Test func aSlotFromThePadRunsTheShortcutShownThere() {
        var ran: [String] = []
        let outcome = registry.perform(.slot(1)) { definition in
            ran.append(definition.type)
            return nil
        }
        #expect(ran == ["lab.tare"])
        #expect(outcome.type == "lab.tare")
    }

    @Test func aCommandThatFailsIsNotHandledAndSaysWhy() {
        let outcome = registry.perform(.typeOrSlot("lab.tare")) { _ in
            "tare refused: the pad is being touched (up to 35g while measuring); lift off and try again"
        }
        #expect(!outcome.handled)
        #expect(outcome.type == "lab.tare")
        #expect(outcome.error == "tare refused: the pad is being touched (up to 35g while measuring); lift off and try again")
    }

    @Test func anUnknownTypeIsAnErrorAndRunsNothing() {
        var called = false
        let outcome = registry.perform(.typeOrSlot("lab.nothing")) { _ in
            called = true
            return nil
        }
        #expect(!called)
        #expect(outcome == ShortcutOutcome(type: "lab.nothing", error: "no shortcut of type 'lab.nothing'; shortcut list shows the types"))
        #expect(!outcome.handled)
    }

    @Test func anEmptySlotIsAnErrorAndRunsNothing() {
        let two = ShortcutRegistry(
            staticShortcuts: [configShortcut("s.1"), configShortcut("s.2")], dynamicShortcuts: [], commandCheck: shortcutTestCommands)
        var called = false
        let outcome = two.perform(.slot(3)) { _ in
            called = true
            return nil
        }
        #expect(!called)
        #expect(outcome == ShortcutOutcome(type: "3", error: "slot 3 is empty: only 2 shortcuts are shown"))
    }

    @Test func anInvalidShortcutIsNeverRun() {
        var called = false
        let outcome = registry.perform(.typeOrSlot("lab.zero")) { _ in
            called = true
            return nil
        }
        #expect(!called)
        #expect(outcome == ShortcutOutcome(
            type: "lab.zero",
            error: "shortcut 'lab.zero' cannot run: command 'zero' is not valid in this version: unknown command 'zero'"))
    }

    @Test func aHiddenShortcutCanStillBeRunByType() {
        #expect(registry.entries.first { $0.type == "d.hidden" }?.slot == nil)
        var ran: [String] = []
        let outcome = registry.perform(.typeOrSlot("d.hidden")) { definition in
            ran.append(definition.command)
            return nil
        }
        #expect(ran == ["haptic test pop"])
        #expect(outcome.handled)
    }
}
