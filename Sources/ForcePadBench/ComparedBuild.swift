/// A build of ForcePad whose instructions per frame ``InstructionComparison`` sets beside the
/// C reference chains': this program as `make bench` built it (the development build, the
/// host's Swift, x86-64), or `forcepad-bench` built as a Debian package builds `forcepad`
/// (``ShippedBuild``), each with the C compilers, the counter and the runner of its architecture.
struct ComparedBuild {
    /// What the rows call ForcePad's build ("" for the development build, whose rows keep their names).
    let label: String
    /// What the rows call the C chains' architecture ("" on this machine's).
    let cLabel: String
    /// The command that runs this build's `forcepad-bench` (its ``ChainRun`` arguments follow),
    /// with the environment (`NAME=value`) it needs.
    let forcePad: (command: [String], environment: [String])
    /// The compilers of the C reference chains for this architecture.
    let compilers: [ReferenceChainBuild.Compiler]
    /// How instructions are counted for this architecture.
    let counter: InstructionCounter
    /// What a program of this architecture is run under to check its output ([] on this machine).
    let runner: [String]
    /// How the counts are made, for the table's notes.
    let counting: String
    /// Whether the build is this program, whose own `ForcePipeline` the C chains' outputs are
    /// compared with; another build's results are compared with the C chain's as it prints them.
    let isThisProgram: Bool

    /// This program, from a copy without debug information (``InstructionComparison/strippedCopy()``),
    /// under callgrind; the C chains built by Debian's gcc and the Swift toolchain's clang. Nil if objcopy failed.
    static func development() -> ComparedBuild? {
        guard let program = InstructionComparison.strippedCopy() else { return nil }
        return ComparedBuild(
            label: "", cLabel: "", forcePad: ([program.path], program.environment), compilers: ReferenceChainBuild.compilers,
            counter: .callgrind, runner: [], counting: "callgrind", isThisProgram: true)
    }

    /// A shipped build: on amd64 run with its trixie sysroot's loader and libraries under
    /// callgrind (from a copy without debug information), the C chains built as for the
    /// development build; on arm64 run under qemu-aarch64 with the benchmark's plugin
    /// (``QEMUInstructionCounter``), the C chains cross-built (``ReferenceChainBuild/arm64Compilers(sysroot:)``).
    static func shipped(_ build: ShippedBuild) -> Result<ComparedBuild, ShippedBuild.Unavailable> {
        let label = " \(build.architecture.rawValue) (Swift \(build.swiftVersion), as packaged)"
        let swiftLibraries = build.sysroot + "/usr/lib/swift/linux"
        switch build.architecture {
        case .amd64:
            let copy = "\(ReferenceChainBuild.directory)/forcepad-bench-shipped-amd64-without-debug-info"
            guard let child = try? ChildProcess(["objcopy", "--strip-debug", build.program, copy], withInput: false),
                child.finish().status == 0
            else { return .failure(ShippedBuild.Unavailable(description: "objcopy --strip-debug \(build.program) failed")) }
            let libraries = [build.programDirectory, build.sysroot + "/usr/lib/x86_64-linux-gnu", swiftLibraries]
            let loader = build.sysroot + "/usr/lib64/ld-linux-x86-64.so.2"
            return .success(ComparedBuild(
                label: label, cLabel: "", forcePad: ([loader, "--library-path", libraries.joined(separator: ":"), copy], []),
                compilers: ReferenceChainBuild.compilers, counter: .callgrind, runner: [],
                counting: "callgrind, ForcePad run by trixie's loader (\(loader))", isThisProgram: false))
        case .arm64:
            switch QEMUInstructionCounter.prepare(sysroot: build.sysroot, libraryPath: [build.programDirectory, swiftLibraries]) {
            case .failure(let reason):
                return .failure(ShippedBuild.Unavailable(description: "no QEMU plugin: \(reason.description)"))
            case .success(let counter):
                return .success(ComparedBuild(
                    label: label, cLabel: " arm64", forcePad: ([build.program], []),
                    compilers: ReferenceChainBuild.arm64Compilers(sysroot: build.sysroot), counter: .qemu(counter),
                    runner: QEMUInstructionCounter.runner(sysroot: build.sysroot) + ["-E", "LD_LIBRARY_PATH=" + counter.libraryPath.joined(separator: ":")],
                    counting: "\(QEMUInstructionCounter.qemu) -cpu \(QEMUInstructionCounter.processor) (Debian's qemu-user) with bench/qemu-instruction-count.c, guest instructions", isThisProgram: false))
            }
        }
    }
}
