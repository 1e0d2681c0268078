import ForcePadCore

/// What a scope's window is frozen around: the moment a chosen stage fires.
struct ScopeTrigger: Sendable, Equatable {
    /// The stage marks that trigger (``PlotMarks/peek``, ``PlotMarks/pop`` or both).
    let marks: PlotMarks
    /// Columns of the window before the trigger (a quarter of it).
    let preColumns: Int

    /// As the header names it.
    var name: String {
        marks == .peek ? "peek" : marks == .pop ? "pop" : "peek or pop"
    }
}
