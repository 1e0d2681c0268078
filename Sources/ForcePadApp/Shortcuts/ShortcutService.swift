import ForcePadConfig
import ForcePadCore
import Logging

/// The shortcuts of a running controller: the registry of static and dynamic shortcuts, the
/// state file the dynamic ones are kept in, and what the pad's quick-action menu offers. Used
/// from the shell thread; the menu's choices arrive through ``MenuSlots`` from the event pump.
final class ShortcutService {
    /// Static and dynamic shortcuts.
    private(set) var registry: ShortcutRegistry
    private var store: DynamicShortcutsStore
    /// The shortcuts the pad's menu offers, shared with the event pump.
    let menuSlots = MenuSlots()

    /// Loads the dynamic shortcuts kept in `stateDirectory` (a damaged file is logged, kept on
    /// disk and not overwritten); `commandCheck` says which commands a shortcut may run.
    init(staticShortcuts: [ShortcutDefinition], stateDirectory: String, commandCheck: any ShortcutCommandCheck, logger: Logger) {
        var store = DynamicShortcutsStore(stateDirectory: stateDirectory)
        var dynamic: [DynamicShortcut] = []
        do {
            dynamic = try store.load()
        } catch {
            logger.error("dynamic shortcuts not loaded: \(error.description); they are kept on disk and not overwritten")
        }
        self.store = store
        registry = ShortcutRegistry(staticShortcuts: staticShortcuts, dynamicShortcuts: dynamic, commandCheck: commandCheck)
        offerVisible()
    }

    /// Adds a dynamic shortcut and saves the list (nothing changes if saving fails).
    func add(_ shortcut: DynamicShortcut) throws(CommandFailure) -> ShortcutEntry {
        var changed = registry
        let entry: ShortcutEntry
        do {
            entry = try changed.add(shortcut)
        } catch {
            throw CommandFailure(error.message)
        }
        try save(changed)
        return entry
    }

    /// Removes a dynamic shortcut and saves the list (nothing changes if saving fails).
    func remove(type: String) throws(CommandFailure) {
        var changed = registry
        do {
            _ = try changed.remove(type: type)
        } catch {
            throw CommandFailure(error.message)
        }
        try save(changed)
    }

    /// Performs a shortcut: `execute` runs its command as if typed and returns nil or why it
    /// failed.
    func perform(_ reference: ShortcutReference, execute: (ShortcutDefinition) -> String?) -> ShortcutOutcome {
        registry.perform(reference, running: execute)
    }

    private func save(_ changed: ShortcutRegistry) throws(CommandFailure) {
        do {
            try store.save(changed.dynamicShortcuts, timestamp: WallClockText.utc())
        } catch {
            throw CommandFailure(error.description)
        }
        registry = changed
        offerVisible()
    }

    private func offerVisible() {
        menuSlots.update(registry.visible.map { ($0.type, $0.definition.title) })
    }
}
