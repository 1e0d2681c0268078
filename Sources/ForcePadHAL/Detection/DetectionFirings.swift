/// When a recogniser began presses and fired peek and pop (µs, the frames' times), as the
/// scorer reads them: from the pipeline and recogniser it ran itself on a corpus press, or from
/// a recording's replay.
public struct DetectionFirings: Sendable, Equatable {
    public var began: [Int64] = []
    public var peek: [Int64] = []
    public var pop: [Int64] = []

    public init() {}
}
