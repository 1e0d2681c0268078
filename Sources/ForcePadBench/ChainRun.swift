import ForcePadCore
import Glibc

/// `forcepad-bench run-chain one-pole|biquad|one-euro GEOMETRY FRAMES COUNT`: ForcePad's side of the
/// instruction count. Builds the pipeline with the benchmark's settings on GEOMETRY
/// (``BenchmarkGeometry``: `strip-N` or `grid-RxC`, e.g. strip-4, grid-2x4), reads FRAMES (the file the C
/// reference chain reads), processes COUNT frames cycling through them and prints the sum of
/// the totals, as bench/reference-chain.c does. The benchmark runs it under callgrind.
enum ChainRun {
    static let command = "run-chain"

    /// Runs the command; the process's exit status.
    static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4, let count = Int(arguments[3]), count >= 0,
            let chain = BenchmarkChainSettings(name: arguments[0]), let geometry = BenchmarkGeometry(name: arguments[1])
        else {
            progress("usage: forcepad-bench \(command) one-pole|biquad|one-euro strip-N|grid-RxC FRAMES COUNT (at most \(BoardDescription.maxCells) cells)")
            return 1
        }
        var frames: [RawFrame]
        do {
            frames = try ReferenceChainInput.frames(reading: arguments[2])
        } catch {
            progress(error.description)
            return 1
        }
        guard frames[0].cellCount == geometry.pad.cellCount else {
            progress("\(arguments[2]): \(frames[0].cellCount) cells a frame, \(geometry.name) has \(geometry.pad.cellCount)")
            return 1
        }
        var pipeline = chain.pipeline(geometry: geometry)
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
