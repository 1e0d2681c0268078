import ForcePadCore
import ForcePadHAL
import FoundationEssentials
import Glibc

/// The state directory's trials and reports as the browser scope shows them: a listing
/// (`/lab`), and each file of `reports/` and of a folder of `recordings/` (`/lab/reports/F`,
/// `/lab/recordings/NAME/F`). Only those two places are served, a name at a time: every part
/// of the path must be a plain name (letters, digits, `.`, `_`, `-`, not starting with a
/// dot), and every folder and the file must be what they seem, never a symlink, so a request
/// cannot reach outside the state directory.
struct ScopeLabFiles: Sendable {
    /// What a request for a file gets.
    enum Answer {
        case file(bytes: [UInt8], contentType: String)
        case missing(String)
        case tooLarge(String)
    }

    let stateDirectory: String
    /// Largest file served (bytes): a recording's frames, as large as a replay reads them (``TraceFileReader``).
    static let largestFile = 256 << 20

    private var paths: LabPaths { LabPaths(stateDirectory: stateDirectory) }

    /// `{"reports":[{"name":…,"files":[…]}…],"recordings":[{"name":…,"state":…,"files":[…]}…]}`,
    /// each file as the address it is served at, sorted by name.
    func listing() -> String {
        var reports: [String: [String]] = [:]
        for file in Self.files(in: paths.reports) {
            let stem = file.hasSuffix(".json") ? String(file.dropLast(5)) : file.hasSuffix(".svg") ? String(file.dropLast(4)) : file
            reports[stem, default: []].append("lab/reports/" + file)
        }
        let recordings = RecordingEntry.all(paths: paths, running: nil).filter { Self.isPlainName($0.name) }.map { entry in
            JSONValue.object([
                ("name", .string(entry.name)), ("state", .string(entry.state.rawValue)),
                ("files", .array(Self.files(in: paths.recording(entry.name)).map { .string("lab/recordings/\(entry.name)/\($0)") })),
            ])
        }
        return JSONValue.object([
            ("reports", .array(reports.keys.sorted().map { .object([("name", .string($0)), ("files", .array(reports[$0]!.sorted().map(JSONValue.string)))]) })),
            ("recordings", .array(recordings)),
        ]).rendered()
    }

    /// The file at `relativePath` under the state directory (`reports/F`, `recordings/NAME/F`).
    func file(_ relativePath: String) -> Answer {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let allowed = (parts.count == 2 && parts[0] == "reports") || (parts.count == 3 && parts[0] == "recordings")
        guard allowed, parts.dropFirst().allSatisfy(Self.isPlainName) else {
            return .missing("no such file: the lab serves reports/FILE and recordings/NAME/FILE")
        }
        var path = stateDirectory
        for (index, part) in parts.enumerated() {
            path += "/" + part
            var status = stat()
            let kind = lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
            guard kind == (index == parts.count - 1 ? S_IFREG : S_IFDIR) else { return .missing("\(relativePath): no such file") }
        }
        do {
            let (bytes, truncated) = try TextFileContents.readBytes(path, maximumBytes: Self.largestFile)
            guard !truncated else { return .tooLarge("\(relativePath) is over \(Self.largestFile >> 20) MiB; copy it from the state directory instead") }
            return .file(bytes: bytes, contentType: Self.contentType(of: path))
        } catch {
            return .missing(error.description)
        }
    }

    /// A name of one part of a path the lab serves: letters, digits, `.`, `_` and `-`, not
    /// starting with a dot.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", name.utf8.count <= 255 else { return false }
        return name.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || "._-".unicodeScalars.contains($0) }
    }

    /// The regular files (no symlinks) of `folder` with plain names, sorted.
    private static func files(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            var status = stat()
            return isPlainName(name) && lstat(folder + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }.sorted()
    }

    private static func contentType(of path: String) -> String {
        if path.hasSuffix(".svg") { return "image/svg+xml" }
        if path.hasSuffix(".json") { return "application/json" }
        if path.hasSuffix(".csv") { return "text/csv; charset=utf-8" }
        return "text/plain; charset=utf-8"
    }
}
