import ForcePadCore
import Glibc

/// The dynamic shortcuts file of one state directory, and the rule that keeps what it holds:
/// a file that exists but could not be read is never overwritten.
///
/// When ``load()`` fails, the error is kept and ``save(_:timestamp:)`` refuses until a later
/// load succeeds, so shortcuts added or removed meanwhile cannot replace the ones the file
/// still holds. The operator fixes or moves the file and starts ForcePad again.
public struct DynamicShortcutsStore: Sendable {
    /// The file: ``DynamicShortcutsFile/fileName`` inside the state directory.
    public let path: String
    /// Why the file could not be read at the last ``load()``; nil when it was read or did
    /// not exist.
    public private(set) var loadFailure: ConfigError?

    public init(stateDirectory: String) {
        path = stateDirectory + "/" + DynamicShortcutsFile.fileName
    }

    /// The saved shortcuts in their order; none when the file does not exist yet.
    public mutating func load() throws(ConfigError) -> [DynamicShortcut] {
        if access(path, F_OK) != 0 && errno == ENOENT {
            loadFailure = nil
            return []
        }
        do {
            let shortcuts = try DynamicShortcutsFile.load(path: path)
            loadFailure = nil
            return shortcuts
        } catch {
            loadFailure = error
            throw error
        }
    }

    /// Replaces the file with `shortcuts` written at `timestamp`, atomically; refused while
    /// the file on disk could not be read.
    public func save(_ shortcuts: [DynamicShortcut], timestamp: String) throws(ConfigError) {
        if let loadFailure {
            let place = loadFailure.line.map { "line \($0): " } ?? ""
            throw ConfigError(
                file: path, line: nil, key: "file",
                message: "not saved, to keep the shortcuts this file holds: it could not be read (\(place)\(loadFailure.key): \(loadFailure.message)); fix or move the file, then start forcepad again")
        }
        try AtomicFileWriter.write(DynamicShortcutsFile.render(shortcuts, timestamp: timestamp), to: path)
    }
}
