import ForcePadCore
import Glibc

/// Instructions per 8-channel frame of ForcePad's chains next to the C reference chain's
/// (bench/reference-chain.c, built in this run): the plain C chain, which must match ForcePad's
/// output in every value of every frame, and the chain with CMSIS-DSP's q31 biquad. Counted
/// with callgrind (``InstructionCount``) on the same frames file for every chain.
struct InstructionComparison {
    /// ForcePad's instructions per frame must be at most this multiple of the plain C chain's
    /// and of the CMSIS-DSP biquad chain's.
    static let plainTarget = 1.0
    static let cmsisTarget = 0.75
    /// Frames compared value by value between ForcePad and the plain C chain (4 passes).
    static let comparedFrames = 4 * BenchmarkFrames.count

    private(set) var rows: [BenchmarkRow] = []
    private(set) var notes: [String] = []
    /// ForcePad's instructions per frame by chain, for the chains that were counted.
    private(set) var forcePadPerFrame: [BenchmarkChainSettings: Double] = [:]
    /// The plain C chain's program, when it was built.
    private(set) var plainC: String?

    init() {
        let build: ReferenceChainBuild
        do {
            build = try ReferenceChainBuild()
        } catch {
            rows.append(BenchmarkRow("C reference chain", value: "not built", target: "built", verdict: .fail))
            notes.append("C reference chain: \(error.description)")
            return
        }
        plainC = build.plain
        notes.append("instructions: callgrind, (I(\(InstructionCount.baseFrames + InstructionCount.measuredFrames) frames) - I(\(InstructionCount.baseFrames) frames)) / \(InstructionCount.measuredFrames); C chains: \(build.compiler)")
        let directory = ReferenceChainBuild.directory
        let framesPath = directory + "/frames.i64"
        let frames = BenchmarkFrames.make()
        do {
            try ScratchFile.write(ReferenceChainInput.frames(frames), to: framesPath)
        } catch {
            rows.append(BenchmarkRow("C reference chain", value: "no frames", target: "run", verdict: .fail))
            notes.append("C reference chain: \(error.description)")
            return
        }
        for chain in BenchmarkChainSettings.allCases {
            let parametersPath = "\(directory)/parameters-\(chain.name).i64"
            do {
                try ScratchFile.write(
                    ReferenceChainInput.parameters(settings: chain.settings, calibrations: BenchmarkChainSettings.calibrations),
                    to: parametersPath)
            } catch {
                rows.append(BenchmarkRow("C reference chain, \(chain.name)", value: "no parameters", target: "run", verdict: .fail))
                notes.append("C reference chain: \(error.description)")
                continue
            }
            compare(chain, frames: frames, program: build.plain, parametersPath: parametersPath, framesPath: framesPath)
            let forcepad = countForcePad(chain, framesPath: framesPath)
            forcePadPerFrame[chain] = forcepad
            let plain = count(
                "instructions per frame, plain C \(chain.name) (bit-exact)",
                [build.plain, "plain", parametersPath, framesPath], scratch: "\(directory)/callgrind-plain.out")
            if let forcepad, let plain {
                let ratio = forcepad / plain
                rows.append(BenchmarkRow(
                    "ForcePad / plain C, \(chain.name), instructions", value: DecimalText.format(ratio, places: 2),
                    target: "<= \(DecimalText.format(Self.plainTarget, places: 2))", meets: ratio <= Self.plainTarget))
            }
            guard chain == .biquad else { continue }
            let measure = "instructions per frame, C with CMSIS-DSP arm_biquad_cascade_df1_q31 (blockSize 1)"
            switch build.cmsis {
            case .failure(let reason):
                rows.append(BenchmarkRow(measure, value: "skipped"))
                notes.append("CMSIS-DSP chain skipped: \(reason.description)")
            case .success(let program):
                let cmsis = count(measure, [program, "cmsis", parametersPath, framesPath], scratch: "\(directory)/callgrind-cmsis.out")
                if let forcepad, let cmsis {
                    let ratio = forcepad / cmsis
                    rows.append(BenchmarkRow(
                        "ForcePad biquad / CMSIS-DSP chain, instructions", value: DecimalText.format(ratio, places: 2),
                        target: "<= \(DecimalText.format(Self.cmsisTarget, places: 2))", meets: ratio <= Self.cmsisTarget))
                }
            }
        }
    }

    /// Runs the plain C chain over ``comparedFrames`` frames with an OUTPUT file and compares
    /// every value with ForcePad's for the same frames; a row saying how many frames matched.
    private mutating func compare(
        _ chain: BenchmarkChainSettings, frames: [RawFrame], program: String, parametersPath: String, framesPath: String
    ) {
        let measure = "plain C = ForcePad, \(chain.name), frames equal in every value"
        let target = "all \(Self.comparedFrames)"
        let outputPath = "\(ReferenceChainBuild.directory)/output-\(chain.name).i64"
        let command = [program, "plain", parametersPath, framesPath, String(Self.comparedFrames), outputPath]
        let expected: [Int64]
        do {
            let child = try ChildProcess(command, withInput: false)
            let (output, status) = child.finish()
            guard status == 0 else {
                rows.append(BenchmarkRow(measure, value: "not run", target: target, verdict: .fail))
                notes.append("\(command.joined(separator: " ")) exited with status \(status): \(output)")
                return
            }
            expected = try ScratchFile.int64s(outputPath)
        } catch {
            rows.append(BenchmarkRow(measure, value: "not run", target: target, verdict: .fail))
            notes.append("plain C chain: \(error)")
            return
        }
        var pipeline = chain.pipeline()
        var frames = frames
        let names = ReferenceChainInput.outputNames(cellCount: BenchmarkFrames.cellCount)
        var equal = 0
        var firstDifference: String?
        for index in 0..<Self.comparedFrames {
            pipeline.process(&frames[index % frames.count])
            let actual = ReferenceChainInput.output(pipeline.output)
            let offset = index * names.count
            let theirs = offset + names.count <= expected.count ? Array(expected[offset..<(offset + names.count)]) : []
            if theirs == actual {
                equal += 1
            } else if firstDifference == nil {
                let field = theirs.isEmpty ? nil : names.indices.first { theirs[$0] != actual[$0] }
                firstDifference = field.map { "frame \(index): \(names[$0]) is \(actual[$0]) in ForcePad, \(theirs[$0]) in C" }
                    ?? "frame \(index): missing from the C chain's output"
            }
        }
        rows.append(BenchmarkRow(measure, value: "\(equal)", target: target, meets: equal == Self.comparedFrames))
        if let firstDifference { notes.append("plain C \(chain.name) differs first at \(firstDifference)") }
    }

    /// ForcePad's count: this program's ``ChainRun`` under callgrind (``strippedCopy()``).
    private mutating func countForcePad(_ chain: BenchmarkChainSettings, framesPath: String) -> Double? {
        let measure = "instructions per frame, ForcePad \(chain.name)"
        guard let program = Self.strippedCopy() else {
            rows.append(BenchmarkRow(measure, value: "not counted", target: "counted", verdict: .fail))
            notes.append("\(measure): objcopy --strip-debug failed; install binutils")
            return nil
        }
        return count(
            measure, [program.path, ChainRun.command, chain.name, framesPath], environment: program.environment,
            scratch: ReferenceChainBuild.directory + "/callgrind-forcepad.out")
    }

    /// A copy of this program without debug information, to run under callgrind (valgrind 3.19
    /// cannot read the DWARF 5 the Swift compiler writes), and the environment it needs: the
    /// library path of this program's directory (its rpath is `$ORIGIN`). Nil if objcopy failed.
    static func strippedCopy() -> (path: String, environment: [String])? {
        let path = ownPath()
        let copy = ReferenceChainBuild.directory + "/forcepad-bench-without-debug-info"
        guard let child = try? ChildProcess(["objcopy", "--strip-debug", path, copy], withInput: false), child.finish().status == 0 else {
            return nil
        }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (copy, ["LD_LIBRARY_PATH=\(directory)"])
    }

    /// Adds a row with `command`'s instructions per frame; nil (and a failed row) if it could not be counted.
    private mutating func count(_ measure: String, _ command: [String], environment: [String] = [], scratch: String) -> Double? {
        do {
            let perFrame = try InstructionCount(command, environment: environment, scratchPath: scratch).perFrame
            rows.append(BenchmarkRow(measure, value: DecimalText.format(perFrame, places: 1)))
            return perFrame
        } catch {
            rows.append(BenchmarkRow(measure, value: "not counted", target: "counted", verdict: .fail))
            notes.append("\(measure): \(error.description)")
            return nil
        }
    }

    /// This program's path, for running its ``ChainRun`` under callgrind.
    private static func ownPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }
}
