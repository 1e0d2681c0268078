/// qemu-plugin.h, the TCG plugin API of the installed qemu-user, from Debian's source package
/// of that version: the upstream tarball `qemu_UPSTREAM.orig.tar.xz` fetched from
/// deb.debian.org with curl when the benchmark first needs it, only the header kept, in
/// `.build-bench/qemu-source/UPSTREAM/` (never committed).
enum QEMUPluginHeader {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    static let pool = "http://deb.debian.org/debian/pool/main/q/qemu"

    /// The folder holding qemu-plugin.h for the installed qemu-user, fetching it if missing.
    static func fetch(into directory: String) -> Result<String, Unavailable> {
        guard let query = try? ChildProcess(["dpkg-query", "-W", "-f", "${source:Upstream-Version}", "qemu-user"], withInput: false)
        else { return .failure(Unavailable(description: "cannot start dpkg-query")) }
        let (upstream, queried) = query.finish()
        guard queried == 0, !upstream.isEmpty, !upstream.contains("/") else {
            return .failure(Unavailable(description: "qemu-user is not installed: apt-get install qemu-user"))
        }
        let folder = "\(directory)/\(upstream)"
        if (try? ScratchFile.lines(folder + "/qemu-plugin.h")) != nil { return .success(folder) }
        let tarball = "\(directory)/qemu_\(upstream).orig.tar.xz"
        let steps = [
            ["mkdir", "-p", folder],
            ["curl", "--silent", "--show-error", "--fail", "--max-time", "300", "-o", tarball, "\(pool)/qemu_\(upstream).orig.tar.xz"],
            ["tar", "-xJf", tarball, "-C", folder, "--strip-components=3", "--wildcards", "*/include/qemu/qemu-plugin.h"],
            ["rm", "-f", tarball],
        ]
        for command in steps {
            guard let child = try? ChildProcess(command, withInput: false) else {
                return .failure(Unavailable(description: "cannot start \(command[0])"))
            }
            let (output, status) = child.finish()
            guard status == 0 else {
                let tail = output.split(separator: "\n").suffix(2).joined(separator: " / ")
                return .failure(Unavailable(description: "\(command.prefix(2).joined(separator: " ")) … exited with status \(status): \(tail)"))
            }
        }
        return .success(folder)
    }
}
