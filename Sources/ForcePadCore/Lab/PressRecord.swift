/// One press from `press.began` to its release or cancel, with what its stages did.
public struct PressRecord: Sendable, Equatable {
    /// How the press ended.
    public enum Ending: Sendable, Equatable {
        case released(PressStage)
        case cancelled(PressCancelReason)
        /// Still going when the recording ended.
        case unfinished
    }

    /// Time of `press.began` (µs, loop clock) and the total force then.
    public var beganMicros: Int64
    public var beganForce: Force
    /// Time of the release or cancel (µs); nil while unfinished.
    public var endedMicros: Int64?
    public var ending: Ending
    public var peek: StageFiring?
    public var pop: StageFiring?
    /// Highest frame total between began and the end (from the frames, when known).
    public var peakForce: Force
    /// The frame of that peak (µs) and where on the pad the force was then; nil when the
    /// frames are not known.
    public var peakMicros: Int64?
    public var peakPlace: ContactPlace?

    public init(beganMicros: Int64, beganForce: Force) {
        self.beganMicros = beganMicros
        self.beganForce = beganForce
        ending = .unfinished
        peakForce = beganForce
    }

    /// The firing of `stage` (nil for `.none` or when it did not fire).
    public func firing(_ stage: PressStage) -> StageFiring? {
        switch stage {
        case .none: nil
        case .peek: peek
        case .pop: pop
        }
    }

    public var isFinished: Bool { ending != .unfinished }

    public var isCancelled: Bool {
        if case .cancelled = ending { return true }
        return false
    }
}
