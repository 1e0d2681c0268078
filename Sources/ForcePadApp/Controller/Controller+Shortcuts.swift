import ForcePadCore
import ForcePadHAL

/// Static and dynamic shortcuts, and the pad's quick-action menu that offers them.
extension Controller {
    /// Static and dynamic shortcuts.
    public var shortcuts: ShortcutRegistry { shortcutService.registry }

    /// Adds a dynamic shortcut, saves the list and offers it on the pad.
    public func addShortcut(_ shortcut: DynamicShortcut) throws(CommandFailure) -> ShortcutEntry {
        let entry = try shortcutService.add(shortcut)
        offerShortcutsOnThePad()
        return entry
    }

    /// Removes a dynamic shortcut, saves the list and stops offering it on the pad.
    public func removeShortcut(type: String) throws(CommandFailure) {
        try shortcutService.remove(type: type)
        offerShortcutsOnThePad()
    }

    /// Tells the loop how many shortcuts the pad's menu offers.
    func offerShortcutsOnThePad() {
        var menu = settings.quickActions
        menu.enabled = settings.quickActions.enabled && board.geometry.cellCount > 1
        do {
            try send(.setQuickActions(
                menu, shown: shortcutService.registry.visible.count, opened: patterns.id(named: "menu"), tick: patterns.id(named: "tick")))
        } catch {
            logger.error("the pad's quick-action menu was not updated: \(error.message)")
        }
    }
}
