/// Instructions per frame of a chain, counted by valgrind's callgrind or, for another
/// architecture's program, by a QEMU plugin (``InstructionCounter``; deterministic: the same
/// on an idle or a loaded machine, unlike time). The chain's program is run twice, over
/// `baseFrames` and over `baseFrames + measuredFrames` frames; everything but the frames
/// (start-up, reading the frames, building the chain) is the same in both runs, so
/// (I(base + measured) − I(base)) / measured is the cost of one frame alone.
struct InstructionCount {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Frames of the first run (one pass over the benchmark frames: every path warmed).
    static let baseFrames = BenchmarkFrames.count
    /// Frames added in the second run: 16 passes over the benchmark frames.
    static let measuredFrames = 16 * BenchmarkFrames.count

    let perFrame: Double
    /// The counter's output files (callgrind's, or the QEMU plugin's) of the run over the base frames and of the longer run.
    let baseOutput: String
    let measuredOutput: String

    /// Counts `command` + [frame count] (the program's last argument is the number of frames),
    /// run with `environment` (`NAME=value` entries) added to the benchmark's, over `base` and
    /// `base + measured` frames (or periods), each run counted by `counter`.
    init(
        _ command: [String], environment: [String] = [], scratchPath: String, base: Int = Self.baseFrames,
        measured: Int = Self.measuredFrames, counter: InstructionCounter = .callgrind
    ) throws(Failure) {
        baseOutput = scratchPath + ".base"
        measuredOutput = scratchPath
        let first = try counter.instructions(command + [String(base)], environment: environment, scratchPath: baseOutput)
        let more = try counter.instructions(
            command + [String(base + measured)], environment: environment, scratchPath: measuredOutput)
        perFrame = Double(more - first) / Double(measured)
    }
}

extension InstructionCount {
    /// The row `measure` with `command`'s instructions per frame (as ``init(_:environment:scratchPath:base:measured:counter:)``
    /// counts them), and the count; a failed row, with the note saying why, when it could not be counted.
    static func row(
        _ measure: String, _ command: [String], environment: [String], scratchPath: String, counter: InstructionCounter
    ) -> (row: BenchmarkRow, note: String?, perFrame: Double?) {
        do {
            let perFrame = try InstructionCount(command, environment: environment, scratchPath: scratchPath, counter: counter).perFrame
            return (BenchmarkRow(measure, value: DecimalText.format(perFrame, places: 1)), nil, perFrame)
        } catch {
            return (BenchmarkRow(measure, value: "not counted", target: "counted", verdict: .fail), "\(measure): \(error.description)", nil)
        }
    }
}
