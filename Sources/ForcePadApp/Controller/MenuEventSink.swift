/// The pad's quick-action menu's sink: follows the menu's events (``MenuSlots``) and lists
/// the shortcuts it offers as it opens.
struct MenuEventSink: EventSink {
    let menuSlots: MenuSlots
    let printer: EventPrinter

    func take(_ event: PumpedEvent) -> [String] {
        guard case .loop(.quickAction(let menu), _, _) = event, let offered = menuSlots.handle(menu) else { return [] }
        return printer.menuLines(offered)
    }
}
