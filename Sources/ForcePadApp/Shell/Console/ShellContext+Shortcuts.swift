import ForcePadCore
import ForcePadShell

extension ShellContext {
    /// Performs a shortcut: its command runs through the session's command table as if typed. Returns the
    /// outcome (also printed as a `shortcut.performed` event) and the command's answer lines.
    func performShortcut(_ reference: ShortcutReference) -> (ShortcutOutcome, [String]) {
        var lines: [String] = []
        let outcome = controller.shortcutService.perform(reference) { definition in
            let answer = commands.execute(definition.command, context: self)
            switch answer.result {
            case .success:
                lines = mode == .json ? [answer.jsonLine] : answer.humanLines
                return nil
            case .failure(let failure):
                return failure.message
            }
        }
        services.events.report(outcome, atMicros: controller.snapshot().force.timeMicros)
        return (outcome, lines)
    }

    /// Performs the shortcut chosen on the pad's menu, if one is waiting.
    func performChosenShortcut() -> [String] {
        guard let type = controller.shortcutService.menuSlots.takeChosen() else { return [] }
        return performShortcut(.typeOrSlot(type)).1
    }
}
