import Glibc

/// `forcepad-bench` built as the Debian packages build `forcepad` (packaging/swift-build-release.sh:
/// Debian sid's Swift in the packaging chroot, the trixie sysroot and Swift SDK of the
/// architecture, release, the Swift runtime linked in statically), so that its `run-chain`
/// executes ForcePadCore as the packages' compiler compiled it. Needs the packaging toolchain
/// (`make package` makes it in `.package-cache/`; `PACKAGE_CACHE` names another) and root or
/// password-less sudo (chroot). Built into `.build-shipped-ARCH/` (not committed).
struct ShippedBuild {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    enum Architecture: String, CaseIterable {
        case amd64
        case arm64

        /// The target triple SwiftPM names the build folder after.
        var triple: String {
            switch self {
            case .amd64: "x86_64-pc-linux-gnu"
            case .arm64: "aarch64-unknown-linux-gnu"
            }
        }
    }

    let architecture: Architecture
    /// The built `forcepad-bench`.
    let program: String
    /// Debian's version of the swiftlang that built it ("6.2.3-1+b1").
    let swiftVersion: String
    /// The architecture's trixie sysroot (libraries and loader the program runs with).
    let sysroot: String

    /// The folder of `program`, where its shared libraries are.
    var programDirectory: String { program.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") }

    /// The packaging toolchain's folder: `PACKAGE_CACHE` or `.package-cache` in the package.
    static var cache: String {
        guard let value = getenv("PACKAGE_CACHE"), value.pointee != 0 else { return ReferenceChainBuild.root + "/.package-cache" }
        return String(cString: value)
    }

    /// Builds (or brings up to date) `forcepad-bench` for `architecture`; why not, if it cannot.
    static func make(_ architecture: Architecture) -> Result<ShippedBuild, Unavailable> {
        let cache = Self.cache
        let sysroot = "\(cache)/sysroot/trixie-\(architecture.rawValue)"
        guard access("\(cache)/sid/usr/libexec/swift/bin/swift", X_OK) == 0,
            let version = Self.swiftVersion(sysroot: sysroot)
        else {
            return .failure(Unavailable(description: "no packaging toolchain in \(cache): make package makes it, PACKAGE_CACHE names another"))
        }
        var command = ["bash", ReferenceChainBuild.root + "/packaging/swift-build-release.sh", cache, architecture.rawValue, "forcepad-bench"]
        command.append(".build-shipped-\(architecture.rawValue)")
        if geteuid() != 0 {
            guard let sudo = try? ChildProcess(["sudo", "-n", "true"], withInput: false), sudo.finish().status == 0 else {
                return .failure(Unavailable(description: "the packaging chroot needs root or password-less sudo"))
            }
            command = ["sudo", "-n"] + command
        }
        guard let child = try? ChildProcess(command, withInput: false) else {
            return .failure(Unavailable(description: "cannot start bash"))
        }
        let (output, status) = child.finish()
        guard status == 0 else {
            let tail = output.split(separator: "\n").suffix(2).joined(separator: " / ")
            return .failure(Unavailable(description: "the \(architecture.rawValue) build failed (status \(status)): \(tail)"))
        }
        let program = "\(ReferenceChainBuild.root)/.build-shipped-\(architecture.rawValue)/\(architecture.triple)/release/forcepad-bench"
        return .success(ShippedBuild(architecture: architecture, program: program, swiftVersion: version, sysroot: sysroot))
    }

    /// The swiftlang version the toolchain made `sysroot` for (its `.complete-VERSION` mark, packaging/toolchain.sh).
    private static func swiftVersion(sysroot: String) -> String? {
        guard let folder = opendir(sysroot) else { return nil }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".complete-") { return String(name.dropFirst(".complete-".count)) }
        }
        return nil
    }
}
