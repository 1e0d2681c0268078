import ForcePadCore
import Glibc

/// Builds the C reference chain (bench/reference-chain.c) in the benchmark's run, the
/// competent way: once with each compiler of its architecture (``compilers``: gcc at -O3, clang
/// at -O2; for arm64 ``arm64Compilers(sysroot:)``, the same cross-compiling), the plain chain
/// always, the CMSIS-DSP chain when its sources could be fetched (``CMSISSources``). The
/// comparison counts every build and sets ForcePad beside the one with the fewest
/// instructions. Everything goes to `.build-bench/` (not committed).
struct ReferenceChainBuild {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A C compiler and the flags it builds the chain with.
    struct Compiler {
        /// Short name, used in the programs' file names and the table ("gcc -O3").
        let name: String
        let command: String
        let flags: [String]
        /// The command's first line of `--version`, for the report.
        var version: String {
            guard let child = try? ChildProcess([command, "--version"], withInput: false) else { return "\(command) (not found)" }
            return child.finish().output.split(separator: "\n").first.map(String.init) ?? "?"
        }
    }

    /// Debian's gcc at -O3 and the Swift toolchain's clang at -O2 (the one next to the `swift`
    /// that built this program, /opt/swift/usr/bin/clang, else `clang` on the PATH).
    static let compilers = [
        Compiler(name: "gcc -O3", command: "gcc", flags: ["-O3"]),
        Compiler(name: "clang -O2", command: access("/opt/swift/usr/bin/clang", X_OK) == 0 ? "/opt/swift/usr/bin/clang" : "clang", flags: ["-O2"]),
    ]

    /// Debian's aarch64 cross gcc at -O3 and the Swift toolchain's clang at -O2 for
    /// aarch64-linux-gnu, linked by its lld against `sysroot` (the trixie arm64 sysroot the
    /// package is built against).
    static func arm64Compilers(sysroot: String) -> [Compiler] {
        [
            Compiler(name: "aarch64 gcc -O3", command: "aarch64-linux-gnu-gcc", flags: ["-O3"]),
            Compiler(
                name: "aarch64 clang -O2", command: compilers[1].command,
                flags: ["-O2", "--target=aarch64-linux-gnu", "--sysroot=\(sysroot)", "-fuse-ld=lld"]),
        ]
    }

    /// The repository's root, from this file's place in it.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
    static let directory = root + "/.build-bench"
    static let source = root + "/bench/reference-chain.c"

    /// The plain chain's program per compiler (as ``compilers``, those that built it), sized
    /// for 64 cells: the chain that is counted.
    let plain: [(compiler: Compiler, program: String)]
    /// The same per compiler sized for 256 cells (`-DMAX_CELLS=256`: a wider state and the
    /// wide contact pass), whose outputs are compared on the largest pads and never counted,
    /// so the counted chain keeps its own layout and code.
    let widePlain: [(compiler: Compiler, program: String)]
    /// The CMSIS-DSP chain's program per compiler, or why there is none.
    let cmsis: Result<[(compiler: Compiler, program: String)], Failure>
    /// The compilers' commands and versions, for the report.
    let compilerVersions: String

    init(compilers: [Compiler] = Self.compilers) throws(Failure) {
        mkdir(Self.directory, 0o755)
        compilerVersions = compilers.map { "\($0.name) (\($0.version))" }.joined(separator: ", ")
        var plain: [(compiler: Compiler, program: String)] = []
        var widePlain: [(compiler: Compiler, program: String)] = []
        for compiler in compilers {
            let program = "\(Self.directory)/reference-chain-\(compiler.name.filter { $0 != " " })"
            try Self.compile(compiler, ["-o", program, Self.source])
            plain.append((compiler, program))
            try Self.compile(compiler, ["-DMAX_CELLS=\(BoardDescription.maxCells)", "-o", program + "-wide", Self.source])
            widePlain.append((compiler, program + "-wide"))
        }
        self.plain = plain
        self.widePlain = widePlain
        switch CMSISSources.fetch(into: Self.directory + "/cmsisdsp") {
        case .failure(let reason):
            cmsis = .failure(Failure(description: reason.description))
        case .success(let sources):
            var programs: [(compiler: Compiler, program: String)] = []
            do {
                for compiler in compilers {
                    let program = "\(Self.directory)/reference-chain-cmsis-\(compiler.name.filter { $0 != " " })"
                    try Self.compile(
                        compiler,
                        ["-D__GNUC_PYTHON__", "-DREFERENCE_CHAIN_CMSIS", "-I", sources + "/Include", "-I", sources + "/PrivateInclude", "-o", program, Self.source]
                            + CMSISSources.biquadSources.map { sources + "/" + $0 })
                    programs.append((compiler, program))
                }
                cmsis = .success(programs)
            } catch {
                cmsis = .failure(error)
            }
        }
    }

    private static func compile(_ compiler: Compiler, _ arguments: [String]) throws(Failure) {
        let command = [compiler.command] + compiler.flags + arguments
        let child: ChildProcess
        do {
            child = try ChildProcess(command, withInput: false)
        } catch {
            throw Failure(description: "\(error.description); install the C compilers with: apt-get install gcc gcc-aarch64-linux-gnu")
        }
        let (output, status) = child.finish()
        guard status == 0 else {
            let tail = output.split(separator: "\n").prefix(3).joined(separator: " / ")
            throw Failure(description: "\(command.joined(separator: " ")) exited with status \(status): \(tail)")
        }
    }
}
