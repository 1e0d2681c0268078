/// One column of dots as a plot shows it: the bin drawn there (nil: blank) and whether a
/// time tick falls in its span.
public struct PlotColumn: Sendable, Equatable {
    public var bin: PlotBin?
    public var tick: Bool

    public init(bin: PlotBin?, tick: Bool = false) {
        self.bin = bin
        self.tick = tick
    }
}
