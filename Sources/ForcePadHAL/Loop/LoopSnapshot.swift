import ForcePadCore

/// What the loop shows the other threads after each period (through a
/// ``LatestValueMailbox``): the newest frame, the settings in force and the counters.
public struct LoopSnapshot: Sendable, BitwiseCopyable {
    public var raw: RawFrame
    public var force: ForceFrame
    /// Spike-rejected readings of the newest frame (Q0 counts).
    public var readings: CellValues
    /// Each cell's zero (Q0 counts) and its drift since the last tare (Q0 counts).
    public var zeroCounts: CellValues
    public var driftCounts: CellValues
    /// Whether a tare has set the zeros since start.
    public var hasTare: Bool
    /// Where the last tare stands.
    public var tare: TareOutcome
    public var pipeline: PipelineSettings
    public var press: PressSettings
    /// Whether a finger is on the pad: total at or above touch, until it falls below
    /// touch minus the touch hysteresis band.
    public var touching: Bool
    /// Sequence number of the last command applied.
    public var appliedCommand: UInt64
    public var counters: LoopCounters
    /// False until the first frame has been read.
    public var hasFrame: Bool

    public init(cellCount: Int, press: PressSettings, pipeline: PipelineSettings) {
        raw = RawFrame(cellCount: cellCount)
        force = ForceFrame(cellCount: cellCount)
        readings = CellValues(repeating: 0)
        zeroCounts = CellValues(repeating: 0)
        driftCounts = CellValues(repeating: 0)
        hasTare = false
        tare = .none
        self.pipeline = pipeline
        self.press = press
        touching = false
        appliedCommand = 0
        counters = LoopCounters()
        hasFrame = false
    }
}
