import Glibc

/// Paths inside the package, found from this file's location.
enum PackageRoot {
    /// Absolute path of `relative` inside the package root.
    static func path(_ relative: String, from file: String = #filePath) -> String {
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/ForcePadConfigTests/PackageRoot.swift
        return parts.joined(separator: "/") + "/" + relative
    }

    /// Names of the files in the package folder `relative`, sorted.
    static func files(in relative: String) -> [String] {
        guard let directory = opendir(path(relative)) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}
