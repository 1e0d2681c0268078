import Glibc

/// Counts an arm64 program's instructions under Debian's dynamic `qemu-aarch64` (package
/// `qemu-user`) with the benchmark's TCG plugin, bench/qemu-instruction-count.c: every
/// translation block's instructions times its executions. The plugin is compiled when the
/// benchmark runs, against qemu-plugin.h from Debian's source of the installed qemu
/// (``QEMUPluginHeader``), into `.build-bench/qemu-plugin/`. Debian 12's `qemu-user-static`
/// cannot load plugins (it is linked statically and built without them: "unknown option
/// 'plugin'"), so the dynamic `qemu-aarch64` is required.
struct QEMUInstructionCounter {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    static let qemu = "/usr/bin/qemu-aarch64"
    /// The processor emulated: the Raspberry Pi 4's (glibc chooses its memcpy by the processor;
    /// the Pi 3's and Zero 2 W's cortex-a53 and the Pi 5's cortex-a76 counted the same).
    static let processor = "cortex-a72"
    /// What a program of this architecture is run under, without the plugin, its libraries from `sysroot`.
    static func runner(sysroot: String) -> [String] { [qemu, "-cpu", processor, "-L", sysroot] }
    static let source = ReferenceChainBuild.root + "/bench/qemu-instruction-count.c"

    /// The compiled plugin.
    let plugin: String
    /// The root the guest's loader and libraries are read from (`qemu-aarch64 -L`).
    let sysroot: String
    /// Folders of the guest's `LD_LIBRARY_PATH`, inside or outside the sysroot.
    let libraryPath: [String]

    /// The command line that runs `command` under qemu-aarch64 with the plugin writing its
    /// count to `outputPath`, `environment` (`NAME=value`) set in the guest.
    func arguments(_ command: [String], environment: [String], outputPath: String) -> [String] {
        var arguments = Self.runner(sysroot: sysroot)
        for entry in ["LD_LIBRARY_PATH=" + libraryPath.joined(separator: ":")] + environment { arguments += ["-E", entry] }
        return arguments + ["-plugin", "\(plugin),out=\(outputPath)"] + command
    }

    /// The total from the plugin's output: its first line, `instructions N`.
    static func total(_ lines: [Substring]) -> Int64? {
        guard let first = lines.first else { return nil }
        let words = first.split(separator: " ")
        guard words.count == 2, words[0] == "instructions" else { return nil }
        return Int64(words[1])
    }

    /// The counter for programs whose libraries are in `sysroot` and `libraryPath`, compiling
    /// the plugin if it is not there yet; why not, if qemu-user or the plugin API header is missing.
    static func prepare(sysroot: String, libraryPath: [String]) -> Result<QEMUInstructionCounter, Unavailable> {
        guard access(qemu, X_OK) == 0 else {
            return .failure(Unavailable(description: "no \(qemu): install Debian's qemu-user (qemu-user-static cannot load plugins)"))
        }
        let header: String
        switch QEMUPluginHeader.fetch(into: ReferenceChainBuild.directory + "/qemu-source") {
        case .failure(let reason): return .failure(Unavailable(description: reason.description))
        case .success(let folder): header = folder
        }
        let directory = ReferenceChainBuild.directory + "/qemu-plugin"
        mkdir(directory, 0o755)
        let plugin = directory + "/qemu-instruction-count.so"
        let command = ["gcc", "-O2", "-shared", "-fPIC", "-Wall", "-I", header, "-o", plugin, source]
        guard let child = try? ChildProcess(command, withInput: false) else {
            return .failure(Unavailable(description: "cannot start gcc to build the QEMU plugin"))
        }
        let (output, status) = child.finish()
        guard status == 0 else {
            return .failure(Unavailable(description: "\(command.joined(separator: " ")) exited with status \(status): \(output.prefix(300))"))
        }
        return .success(QEMUInstructionCounter(plugin: plugin, sysroot: sysroot, libraryPath: libraryPath))
    }
}
