/// What happened during a plot bin's time span besides the force: the press stages that
/// fired, the release, and the haptic line being on.
public struct PlotMarks: OptionSet, Sendable, Equatable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A press began (touch crossed).
    public static let touch = PlotMarks(rawValue: 1 << 0)
    /// The peek stage fired.
    public static let peek = PlotMarks(rawValue: 1 << 1)
    /// The pop stage fired.
    public static let pop = PlotMarks(rawValue: 1 << 2)
    /// The press was released (or cancelled).
    public static let release = PlotMarks(rawValue: 1 << 3)
    /// The haptic line was on for some of the span.
    public static let haptic = PlotMarks(rawValue: 1 << 4)
}
