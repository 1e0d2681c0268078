import ForcePadCore

/// What the loop shows the other threads after each period (through a
/// ``LatestValueMailbox``): the newest frame, the settings in force and the counters.
public struct LoopSnapshot: Sendable, BitwiseCopyable {
    public var raw: RawFrame
    public var force: ForceFrame
    public var press: PressSettings
    /// Whether a finger is on the pad: total at or above touch, until it falls below
    /// touch minus the touch hysteresis band.
    public var touching: Bool
    /// Sequence number of the last command applied.
    public var appliedCommand: UInt64
    public var counters: LoopCounters
    /// False until the first frame has been read.
    public var hasFrame: Bool

    public init(cellCount: Int, press: PressSettings) {
        raw = RawFrame(cellCount: cellCount)
        force = ForceFrame(cellCount: cellCount)
        self.press = press
        touching = false
        appliedCommand = 0
        counters = LoopCounters()
        hasFrame = false
    }
}
