/// One stage (peek or pop) firing within a press, as a trial sees it.
public struct StageFiring: Sendable, Equatable {
    /// Frame time at which the stage fired (µs, loop clock).
    public var timeMicros: Int64
    /// Total force of that frame: the force the threshold really fired at.
    public var force: Force
    /// From the frame that fired to the return of the GPIO call that raised the haptic line
    /// (µs, `stage_to_line_us`), when the stage's pattern drove the line.
    public var latencyMicros: Int64?
    /// Times the filtered total crossed the stage's threshold upward again after it fired,
    /// before the press ended (each one a re-trigger, had the recogniser allowed it).
    public var chatter: Int
    /// The reference force at the firing's frame; nil without a reference reading there.
    public var referenceForce: Force?
    /// From the true crossing of the threshold to the line's edge, in its parts; nil without a
    /// reference crossing (no reference, a gap, the true force still below the threshold a sample
    /// period after the firing) or without a driven line.
    public var crossing: CrossingLatency?
    /// The click the accelerometer felt; nil without an accelerometer (or its event).
    public var felt: StageFelt?

    public init(timeMicros: Int64, force: Force, latencyMicros: Int64? = nil, chatter: Int = 0) {
        self.timeMicros = timeMicros
        self.force = force
        self.latencyMicros = latencyMicros
        self.chatter = chatter
    }
}
