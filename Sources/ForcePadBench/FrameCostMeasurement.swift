import ForcePadCore

/// Times a chain over the benchmark frames on the monotonic clock.
struct FrameCostMeasurement {
    let frames: [RawFrame]
    /// Frames per timed round.
    let framesPerRound: Int
    /// Sum of every total produced (mg), printed so the work cannot be optimised away.
    private(set) var checksum: Int64 = 0

    init(frames: [RawFrame], framesPerRound: Int) {
        precondition(frames.count.nonzeroBitCount == 1, "frame count must be a power of two")
        self.frames = frames
        self.framesPerRound = framesPerRound
    }

    /// Runs `framesPerRound` frames through `chain` and returns the time per frame (ns).
    mutating func nanosecondsPerFrame<Chain: BenchmarkedChain>(_ chain: inout Chain) -> Double {
        let mask = frames.count - 1
        let clock = ContinuousClock()
        var sum: Int64 = 0
        var frames = frames
        let elapsed = frames.withUnsafeMutableBufferPointer { buffer in
            clock.measure {
                for index in 0..<framesPerRound {
                    sum &+= chain.totalMilligrams(processing: &buffer[index & mask])
                }
            }
        }
        checksum &+= sum
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return nanoseconds / Double(framesPerRound)
    }
}
