import ForcePadCore
import Glibc

/// Instructions per frame of a build of ForcePad's chains (``ComparedBuild``: the development
/// build, or one built as a package is) next to the C reference chain's (bench/reference-chain.c,
/// built in this run by each of the build's architecture's compilers), on every
/// ``BenchmarkGeometry``: the plain C chain, which must match ForcePad's output in every value
/// of every frame, and the chain with CMSIS-DSP's q31 biquad. ForcePad is set beside the build
/// with the fewest instructions (the competent C). Counted with callgrind or the QEMU plugin
/// (``InstructionCount``) on the same frames file for every chain of a geometry.
struct InstructionComparison {
    /// ForcePad's instructions per frame must be at most this multiple of the competent plain
    /// C chain's and of the competent CMSIS-DSP biquad chain's.
    static let plainTarget = 1.0
    static let cmsisTarget = 0.75
    /// Frames compared value by value between ForcePad and the plain C chain (4 passes).
    static let comparedFrames = 4 * BenchmarkFrames.count

    private(set) var rows: [BenchmarkRow] = []
    private(set) var notes: [String] = []
    /// ForcePad's instructions per frame on the 8-cell strip by chain, for the chains that were counted.
    private(set) var forcePadPerFrame: [BenchmarkChainSettings: Double] = [:]
    /// The C chain's builds, when they were made.
    private(set) var build: ReferenceChainBuild?
    /// The build of ForcePad compared (nil: the development build's copy could not be made).
    private let compared: ComparedBuild?

    /// The development build: this program.
    init() {
        self.init(ComparedBuild.development())
    }

    init(_ compared: ComparedBuild?) {
        self.compared = compared
        let build: ReferenceChainBuild
        do {
            build = try ReferenceChainBuild(compilers: compared?.compilers ?? ReferenceChainBuild.compilers)
        } catch {
            rows.append(BenchmarkRow("C reference chain", value: "not built", target: "built", verdict: .fail))
            notes.append("C reference chain: \(error.description)")
            return
        }
        self.build = build
        notes.append("instructions\(compared?.label ?? ""): \(compared?.counting ?? "callgrind"), (I(\(InstructionCount.baseFrames + InstructionCount.measuredFrames) frames) - I(\(InstructionCount.baseFrames) frames)) / \(InstructionCount.measuredFrames); C chains: \(build.compilerVersions); competent C: the build with fewer instructions")
        if case .failure(let reason) = build.cmsis { notes.append("CMSIS-DSP chain skipped: \(reason.description)") }
        guard let compared else {
            rows.append(BenchmarkRow("instructions per frame, ForcePad", value: "not counted", target: "counted", verdict: .fail))
            notes.append("ForcePad's count: objcopy --strip-debug failed; install binutils")
            return
        }
        if compared.isThisProgram { compareLargest(build) }
        for geometry in BenchmarkGeometry.shipped {
            guard let (frames, framesPath) = writeFrames(geometry) else { continue }
            for chain in BenchmarkChainSettings.allCases {
                guard let parametersPath = writeParameters(chain, geometry) else { continue }
                let inputs = (parameters: parametersPath, frames: framesPath)
                for (compiler, plain) in build.plain {
                    compare(
                        chain, geometry, frames: frames, command: compared.runner + [plain], compiler: compiler.name, parametersPath: parametersPath)
                }
                let forcepad = count(
                    "instructions per frame, ForcePad\(compared.label) \(chain.name), \(geometry.summary)",
                    compared.forcePad.command + [ChainRun.command, chain.name, geometry.name, framesPath],
                    environment: compared.forcePad.environment)
                if !compared.isThisProgram, let plain = build.plain.first {
                    compareTotals(
                        "ForcePad\(compared.label) sum of totals = plain C (\(plain.compiler.name))'s, \(chain.name), \(geometry.summary), \(Self.comparedFrames) frames",
                        forcePad: ["env"] + compared.forcePad.environment + compared.runner + compared.forcePad.command
                            + [ChainRun.command, chain.name, geometry.name, framesPath],
                        c: compared.runner + [plain.program, "plain", parametersPath, framesPath])
                }
                if geometry == .strip8 { forcePadPerFrame[chain] = forcepad }
                guard let forcepad else { continue }
                if let best = best("plain C\(compared.cLabel) \(chain.name), \(geometry.summary) (bit-exact)", build.plain, "plain", inputs) {
                    let ratio = forcepad / best.perFrame
                    rows.append(BenchmarkRow(
                        "ForcePad\(compared.label) / competent C (\(best.compiler)), \(chain.name), \(geometry.summary), instructions",
                        value: DecimalText.format(ratio, places: 2),
                        target: "<= \(DecimalText.format(Self.plainTarget, places: 2))", meets: ratio <= Self.plainTarget))
                }
                guard chain == .biquad, case .success(let programs) = build.cmsis else { continue }
                let measure = "C\(compared.cLabel) with CMSIS-DSP arm_biquad_cascade_df1_q31 (blockSize 1), \(geometry.summary)"
                if let best = best(measure, programs, "cmsis", inputs) {
                    let ratio = forcepad / best.perFrame
                    rows.append(BenchmarkRow(
                        "ForcePad\(compared.label) biquad / CMSIS-DSP chain (\(best.compiler)), \(geometry.summary), instructions",
                        value: DecimalText.format(ratio, places: 2),
                        target: "<= \(DecimalText.format(Self.cmsisTarget, places: 2))", meets: ratio <= Self.cmsisTarget))
                }
            }
        }
    }

    /// The plain C chain's outputs against ``ForcePipeline``'s on the largest pads
    /// (``BenchmarkGeometry/largest``), every chain, every compiler: rows of frames equal.
    private mutating func compareLargest(_ build: ReferenceChainBuild) {
        for geometry in BenchmarkGeometry.largest {
            guard let (frames, _) = writeFrames(geometry) else { continue }
            for chain in BenchmarkChainSettings.allCases {
                guard let parametersPath = writeParameters(chain, geometry) else { continue }
                for (compiler, plain) in build.widePlain {
                    compare(chain, geometry, frames: frames, command: [plain], compiler: compiler.name, parametersPath: parametersPath)
                }
            }
        }
    }

    /// Writes the benchmark's frames of `geometry` for the C chain; the frames and the file's
    /// path, or nil (and a failed row) when the file could not be written.
    private mutating func writeFrames(_ geometry: BenchmarkGeometry) -> (frames: [RawFrame], path: String)? {
        let path = "\(ReferenceChainBuild.directory)/frames-\(geometry.name).i64"
        let frames = BenchmarkFrames.make(geometry: geometry.pad)
        do {
            try ScratchFile.write(ReferenceChainInput.frames(frames), to: path)
            return (frames, path)
        } catch {
            rows.append(BenchmarkRow("C reference chain, \(geometry.summary)", value: "no frames", target: "run", verdict: .fail))
            notes.append("C reference chain: \(error.description)")
            return nil
        }
    }

    /// Writes the C chain's PARAMETERS file for `chain` on `geometry`; its path, or nil (and a
    /// failed row) when it could not be written.
    private mutating func writeParameters(_ chain: BenchmarkChainSettings, _ geometry: BenchmarkGeometry) -> String? {
        let path = "\(ReferenceChainBuild.directory)/parameters-\(chain.name)-\(geometry.name).i64"
        do {
            try ScratchFile.write(
                ReferenceChainInput.parameters(settings: chain.settings, calibrations: geometry.calibrations, rows: geometry.rows), to: path)
            return path
        } catch {
            rows.append(BenchmarkRow("C reference chain, \(chain.name), \(geometry.summary)", value: "no parameters", target: "run", verdict: .fail))
            notes.append("C reference chain: \(error.description)")
            return nil
        }
    }

    /// Counts `what` as built by every compiler (one row: each build's instructions per frame)
    /// and returns the build with the fewest; nil (and a failed row) if any could not be counted.
    private mutating func best(
        _ what: String, _ builds: [(compiler: ReferenceChainBuild.Compiler, program: String)], _ mode: String,
        _ inputs: (parameters: String, frames: String)
    ) -> (compiler: String, perFrame: Double)? {
        var counted: [(compiler: String, perFrame: Double)] = []
        for (compiler, program) in builds {
            do {
                let count = try InstructionCount(
                    [program, mode, inputs.parameters, inputs.frames], scratchPath: "\(ReferenceChainBuild.directory)/callgrind-c.out",
                    counter: compared?.counter ?? .callgrind)
                counted.append((compiler.name, count.perFrame))
            } catch {
                rows.append(BenchmarkRow("instructions per frame, \(what), \(compiler.name)", value: "not counted", target: "counted", verdict: .fail))
                notes.append("\(what), \(compiler.name): \(error.description)")
                return nil
            }
        }
        rows.append(BenchmarkRow(
            "instructions per frame, \(what) (\(counted.map(\.compiler).joined(separator: " / ")))",
            value: counted.map { DecimalText.format($0.perFrame, places: 1) }.joined(separator: " / ")))
        return Self.competent(counted)
    }

    /// The competent build: the one with the fewest instructions per frame, the first listed
    /// (gcc) when two count the same; nil if none was counted.
    static func competent(_ counted: [(compiler: String, perFrame: Double)]) -> (compiler: String, perFrame: Double)? {
        counted.min { $0.perFrame < $1.perFrame }
    }

    /// Runs the plain C chain (`command`: its program, under the architecture's runner) over
    /// ``comparedFrames`` frames with an OUTPUT file and compares every value with ForcePad's for
    /// the same frames; a row saying how many frames matched.
    private mutating func compare(
        _ chain: BenchmarkChainSettings, _ geometry: BenchmarkGeometry, frames: [RawFrame], command program: [String], compiler: String,
        parametersPath: String
    ) {
        let measure = "plain C (\(compiler)) = ForcePad, \(chain.name), \(geometry.summary), frames equal in every value"
        let target = "all \(Self.comparedFrames)"
        let outputPath = "\(ReferenceChainBuild.directory)/output-\(chain.name)-\(geometry.name).i64"
        let framesPath = "\(ReferenceChainBuild.directory)/frames-\(geometry.name).i64"
        let command = program + ["plain", parametersPath, framesPath, String(Self.comparedFrames), outputPath]
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
        var pipeline = chain.pipeline(geometry: geometry)
        var frames = frames
        let names = ReferenceChainInput.outputNames(cellCount: geometry.pad.cellCount)
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
        if let firstDifference { notes.append("plain C (\(compiler)) \(chain.name), \(geometry.summary) differs first at \(firstDifference)") }
    }

    /// Runs another build's ForcePad and the plain C chain over ``comparedFrames`` frames and
    /// compares the sums of the totals they print (their last lines): the C chain's outputs are
    /// compared value by value with this program's `ForcePipeline` only, so this shows that the
    /// other build computes the same. A row saying whether they are equal.
    private mutating func compareTotals(_ measure: String, forcePad: [String], c: [String]) {
        var printed: [String] = []
        for command in [forcePad, c] {
            let arguments = command + [String(Self.comparedFrames)]
            guard let child = try? ChildProcess(arguments, withInput: false) else {
                rows.append(BenchmarkRow(measure, value: "not run", target: "equal", verdict: .fail))
                notes.append("cannot start \(arguments[0])")
                return
            }
            let (output, status) = child.finish()
            guard status == 0, let last = output.split(separator: "\n").last else {
                rows.append(BenchmarkRow(measure, value: "not run", target: "equal", verdict: .fail))
                notes.append("\(arguments.joined(separator: " ")) exited with status \(status): \(output.suffix(300))")
                return
            }
            printed.append(String(last))
        }
        rows.append(BenchmarkRow(
            measure, value: printed[0] == printed[1] ? "equal" : "\(printed[0]) != \(printed[1])", target: "equal",
            meets: printed[0] == printed[1]))
    }

    /// A copy of this program without debug information, to run its ``ChainRun`` under callgrind
    /// (valgrind 3.19 cannot read the DWARF 5 the Swift compiler writes), and the environment it
    /// needs: the library path of this program's directory (its rpath is `$ORIGIN`). Nil if
    /// objcopy failed.
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
    private mutating func count(_ measure: String, _ command: [String], environment: [String] = []) -> Double? {
        let counted = InstructionCount.row(
            measure, command, environment: environment, scratchPath: ReferenceChainBuild.directory + "/callgrind-forcepad.out",
            counter: compared?.counter ?? .callgrind)
        rows.append(counted.row)
        if let note = counted.note { notes.append(note) }
        return counted.perFrame
    }

    /// This program's path, for running its ``ChainRun`` under callgrind.
    private static func ownPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }
}
