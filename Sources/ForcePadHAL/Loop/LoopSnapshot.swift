import ForcePadCore

/// What the loop shows the other threads at the end of a period they asked for it in, and
/// once stopped (through a ``LatestValueMailbox``, ``LoopRequests/snapshot``): the newest
/// frame, the settings in force and the counters. The latency histograms travel apart, when
/// they change or are asked for (``LoopLatencies``).
public struct LoopSnapshot: Sendable, BitwiseCopyable {
    public var raw: RawFrame
    public var force: ForceFrame
    /// Spike-rejected readings of the newest frame, each cell's zero and its drift since the
    /// last tare (Q0 counts), as the pipeline writes them.
    public var cellCounts: PipelineCellCounts
    /// Whether a tare has set the zeros since start.
    public var hasTare: Bool
    /// Where the last tare stands.
    public var tare: TareOutcome
    public var recognizer: PressRecognizerSettings
    /// Where the press stands, and its progress toward the next stage (Q16).
    public var pressState: PressState
    public var progressQ16: Int32
    public var haptics: HapticSchedulerSettings
    public var hapticCounters: HapticCounters
    /// Whether the haptic line is on (as driven, or as it would be in a dry run).
    public var hapticLineActive: Bool
    /// Whether a haptic pattern is playing or waiting to play.
    public var hapticPlaying: Bool
    /// The real-time playback amplitude last written (0 still … 255 full; 0 without `rtp`).
    public var amplitude: UInt8
    /// Sequence number of the last command applied.
    public var appliedCommand: UInt64
    public var counters: LoopCounters
    /// False until the first frame has been read.
    public var hasFrame: Bool
    /// True from `sensor.lost` until `sensor.restored`: frames are not being read.
    public var sensorLost: Bool

    public init(cellCount: Int, recognizer: PressRecognizerSettings, haptics: HapticSchedulerSettings) {
        raw = RawFrame(cellCount: cellCount)
        force = ForceFrame(cellCount: cellCount)
        cellCounts = PipelineCellCounts()
        hasTare = false
        tare = .none
        self.recognizer = recognizer
        pressState = .idle
        progressQ16 = 0
        self.haptics = haptics
        hapticCounters = HapticCounters()
        hapticLineActive = false
        hapticPlaying = false
        amplitude = 0
        appliedCommand = 0
        counters = LoopCounters()
        hasFrame = false
        sensorLost = false
    }
}
