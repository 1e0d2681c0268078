import ForcePadCore
import Glibc

/// `forcepad-bench run-chain one-pole|biquad|one-euro FRAMES COUNT`: ForcePad's side of the instruction
/// count. Builds the pipeline with the benchmark's settings on a strip of as many cells as FRAMES
/// has, reads FRAMES (the file the C
/// reference chain reads), processes COUNT frames cycling through them and prints the sum of
/// the totals, as bench/reference-chain.c does. The benchmark runs it under callgrind.
enum ChainRun {
    static let command = "run-chain"

    /// Runs the command; the process's exit status.
    static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let count = Int(arguments[2]), count >= 0,
            let chain = BenchmarkChainSettings(name: arguments[0])
        else {
            progress("usage: forcepad-bench \(command) one-pole|biquad|one-euro FRAMES COUNT")
            return 1
        }
        var frames: [RawFrame]
        do {
            frames = try ReferenceChainInput.frames(reading: arguments[1])
        } catch {
            progress(error.description)
            return 1
        }
        var pipeline = chain.pipeline(cells: frames[0].cellCount)
        var checksum: Int64 = 0
        frames.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<count {
                checksum &+= pipeline.totalMilligrams(processing: &buffer[index % buffer.count])
            }
        }
        print(checksum)
        return 0
    }
}
