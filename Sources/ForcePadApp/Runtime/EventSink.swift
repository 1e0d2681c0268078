/// Where the event pump delivers what it takes off the loop's rings: the console, the
/// recorder, the pad's menu (and any new receiver: it plugs in where the program is
/// assembled, not in the pump). Called on the pumping thread with the pump's lock held, one
/// event at a time in order; a sink must not block.
protocol EventSink: Sendable {
    /// Takes `event`; returns the console lines it adds, printed after those of the sinks
    /// before it in the pump's list.
    func take(_ event: PumpedEvent) -> [String]
}
