import FoundationEssentials
import ForcePadCore

/// Turns `--board NAME|PATH` into a file: a value with a `/` or ending in `.toml` is a path;
/// a name is looked up as `NAME.toml` in `$FORCEPAD_BOARDS`, in the `boards/` folder of the
/// package the binary was built in, then in the installed data dirs.
public struct BoardLocator: Sendable {
    public let searchDirectories: [String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, executablePath: String? = Self.executablePath()) {
        var directories: [String] = []
        if let custom = environment["FORCEPAD_BOARDS"], !custom.isEmpty { directories.append(custom) }
        if let executablePath {
            var folder = Self.parent(of: executablePath)
            while folder != "/" && !folder.isEmpty {
                let candidate = folder + "/boards"
                if FileManager.default.fileExists(atPath: candidate + "/sim.toml") {
                    directories.append(candidate)
                    break
                }
                folder = Self.parent(of: folder)
            }
        }
        directories += ["/usr/local/share/forcepad/boards", "/usr/share/forcepad/boards"]
        searchDirectories = directories
    }

    /// The board file for `nameOrPath`, or a one-line error listing where it looked and the
    /// boards it knows.
    public func locate(_ nameOrPath: String) -> Result<String, SetupError> {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".toml") {
            guard FileManager.default.fileExists(atPath: nameOrPath) else {
                return .failure(SetupError("board file \(nameOrPath) does not exist; give a board name (\(knownBoards().joined(separator: ", "))) or an existing path"))
            }
            return .success(nameOrPath)
        }
        for directory in searchDirectories {
            let path = directory + "/" + nameOrPath + ".toml"
            if FileManager.default.fileExists(atPath: path) { return .success(path) }
        }
        let known = knownBoards()
        let suggestion = EditDistance.nearest(to: nameOrPath, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        return .failure(SetupError(
            "board '\(nameOrPath)' not found\(suggestion); known boards: \(known.isEmpty ? "none" : known.joined(separator: ", ")); looked in \(searchDirectories.joined(separator: ", "))"))
    }

    /// Board names in the first search directory that has any.
    public func knownBoards() -> [String] {
        for directory in searchDirectories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            let names = files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
            if !names.isEmpty { return names }
        }
        return []
    }

    /// The folder holding `path` ("/" for a top-level entry).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// This process's executable, resolved through `/proc/self/exe`.
    public static func executablePath() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }
}
