/// Instructions per frame of a chain, counted by valgrind's callgrind (deterministic: the same
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
    /// callgrind's output files of the run over the base frames and of the longer run.
    let baseOutput: String
    let measuredOutput: String

    /// Counts `command` + [frame count] (the program's last argument is the number of frames),
    /// run with `environment` (`NAME=value` entries) added to the benchmark's, over `base` and
    /// `base + measured` frames (or periods).
    init(
        _ command: [String], environment: [String] = [], scratchPath: String, base: Int = Self.baseFrames,
        measured: Int = Self.measuredFrames
    ) throws(Failure) {
        baseOutput = scratchPath + ".base"
        measuredOutput = scratchPath
        let first = try Self.instructions(command + [String(base)], environment: environment, scratchPath: baseOutput)
        let more = try Self.instructions(command + [String(base + measured)], environment: environment, scratchPath: measuredOutput)
        perFrame = Double(more - first) / Double(measured)
    }

    /// All instructions `command` executes, from callgrind's summary.
    private static func instructions(_ command: [String], environment: [String], scratchPath: String) throws(Failure) -> Int64 {
        let arguments = ["env"] + environment + ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(scratchPath)"] + command
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments, withInput: false)
        } catch {
            throw Failure(description: "\(error.description); install it with: apt-get install valgrind")
        }
        let (output, status) = child.finish()
        guard status == 0 else {
            let tail = output.split(separator: "\n").suffix(3).joined(separator: " / ")
            throw Failure(description: "\(arguments.joined(separator: " ")) exited with status \(status): \(tail)")
        }
        let summary: [Int64]
        do {
            summary = try ScratchFile.lines(scratchPath).compactMap { line in
                line.hasPrefix("summary:") ? Int64(line.dropFirst("summary:".count).split(separator: " ").first ?? "") : nil
            }
        } catch {
            throw Failure(description: error.description)
        }
        guard let total = summary.first else { throw Failure(description: "\(scratchPath): no summary line from callgrind") }
        return total
    }
}
