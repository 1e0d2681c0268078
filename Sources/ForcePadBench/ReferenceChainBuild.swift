import Glibc

/// Builds the C reference chain (bench/reference-chain.c) in the benchmark's run with the
/// system C compiler at -O2: the plain chain always, the CMSIS-DSP chain when its sources
/// could be fetched (``CMSISSources``). Everything goes to `.build-bench/` (not committed).
struct ReferenceChainBuild {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The repository's root, from this file's place in it.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
    static let directory = root + "/.build-bench"
    static let source = root + "/bench/reference-chain.c"
    static let compilerFlags = ["-O2"]

    /// The plain chain's program.
    let plain: String
    /// The CMSIS-DSP chain's program, or why there is none.
    let cmsis: Result<String, Failure>
    /// The compiler's command and version, for the report.
    let compiler: String

    init() throws(Failure) {
        mkdir(Self.directory, 0o755)
        compiler = Self.compilerVersion()
        plain = Self.directory + "/reference-chain"
        try Self.compile(["-o", plain, Self.source])
        switch CMSISSources.fetch(into: Self.directory + "/cmsisdsp") {
        case .failure(let reason):
            cmsis = .failure(Failure(description: reason.description))
        case .success(let sources):
            let program = Self.directory + "/reference-chain-cmsis"
            do {
                try Self.compile(
                    ["-D__GNUC_PYTHON__", "-DREFERENCE_CHAIN_CMSIS", "-I", sources + "/Include", "-I", sources + "/PrivateInclude", "-o", program, Self.source]
                        + CMSISSources.biquadSources.map { sources + "/" + $0 })
                cmsis = .success(program)
            } catch {
                cmsis = .failure(error)
            }
        }
    }

    private static func compile(_ arguments: [String]) throws(Failure) {
        let command = ["cc"] + compilerFlags + arguments
        let child: ChildProcess
        do {
            child = try ChildProcess(command, withInput: false)
        } catch {
            throw Failure(description: "\(error.description); install a C compiler with: apt-get install gcc")
        }
        let (output, status) = child.finish()
        guard status == 0 else {
            let tail = output.split(separator: "\n").prefix(3).joined(separator: " / ")
            throw Failure(description: "\(command.joined(separator: " ")) exited with status \(status): \(tail)")
        }
    }

    private static func compilerVersion() -> String {
        guard let child = try? ChildProcess(["cc", "--version"], withInput: false) else { return "cc (not found)" }
        let first = child.finish().output.split(separator: "\n").first.map(String.init) ?? "?"
        return "cc \(compilerFlags.joined(separator: " ")) (\(first))"
    }
}
