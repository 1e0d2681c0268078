/// Everything a force plot shows at one moment, in plot terms: the columns of dots left to
/// right, the scale, the threshold and release lines, and the texts around them.
public struct ForcePlotScene: Sendable, Equatable {
    /// One per dot column, left to right (two per character cell).
    public var columns: [PlotColumn]
    /// The force at the top of the plot (mg, Q0); the bottom is 0.
    public var topMilligrams: Int64
    public var levels: [PlotLevel]
    /// The first row: what is plotted, its value now, the mode.
    public var header: String
    /// The margin's text on the time axis row (the tick spacing, as `+=1s`).
    public var axisLabel: String
    /// Dot column of the newest bin in a sweep (`^` on the time axis), nil when none.
    public var cursorColumn: Int?
    /// Dot column of a scope's trigger (`T` on the time axis), nil when none.
    public var triggerColumn: Int?

    public init(
        columns: [PlotColumn], topMilligrams: Int64, levels: [PlotLevel], header: String, axisLabel: String,
        cursorColumn: Int? = nil, triggerColumn: Int? = nil
    ) {
        self.columns = columns
        self.topMilligrams = topMilligrams
        self.levels = levels
        self.header = header
        self.axisLabel = axisLabel
        self.cursorColumn = cursorColumn
        self.triggerColumn = triggerColumn
    }
}
