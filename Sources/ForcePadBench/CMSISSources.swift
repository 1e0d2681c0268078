/// CMSIS-DSP's sources, from PyPI's `cmsisdsp` source package, fetched with pip when the
/// benchmark runs (and kept in `.build-bench/`, never committed). Only the q31 direct-form I
/// biquad and its init are compiled, with the package's host settings (`__GNUC_PYTHON__`).
enum CMSISSources {
    static let version = "1.10.3"
    static let biquadSources = [
        "Source/FilteringFunctions/arm_biquad_cascade_df1_q31.c",
        "Source/FilteringFunctions/arm_biquad_cascade_df1_init_q31.c",
    ]

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The directory of the unpacked sources under `directory`, fetching them if missing.
    static func fetch(into directory: String) -> Result<String, Unavailable> {
        let sources = "\(directory)/cmsisdsp-\(version)"
        if (try? ScratchFile.lines(sources + "/Include/arm_math.h")) != nil { return .success(sources) }
        let download = [
            "python3", "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", "cmsisdsp", "--timeout", "30",
            "--retries", "1", "-d", directory, "cmsisdsp==\(version)",
        ]
        let unpack = ["tar", "-xzf", "\(directory)/cmsisdsp-\(version).tar.gz", "-C", directory]
        for command in [download, unpack] {
            guard let child = try? ChildProcess(command, withInput: false) else {
                return .failure(Unavailable(description: "cannot start \(command[0])"))
            }
            let (output, status) = child.finish()
            guard status == 0 else {
                let tail = output.split(separator: "\n").suffix(2).joined(separator: " / ")
                return .failure(Unavailable(description: "\(command.prefix(4).joined(separator: " ")) … exited with status \(status): \(tail)"))
            }
        }
        return .success(sources)
    }
}
