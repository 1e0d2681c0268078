import FoundationEssentials
import Glibc

/// One-line errors for a recording's `recording.json` that cannot be used, in the form
/// `PATH: what is wrong; the fix`.
enum RecordingDescriptionProblem {
    /// `recording.json` is missing or cannot be read.
    static func unreadable(path: String) -> String {
        let folder = folder(of: path)
        guard access(path, F_OK) == 0 else {
            return "\(path): missing: the recording was cut short before it was described;"
                + " replay \(LabPaths.frames(in: folder)) as a trace, or delete \(folder)"
        }
        let reason = access(path, R_OK) == 0 ? "it is not a readable file" : "permission denied"
        return "\(path): cannot read: \(reason); check the file and its permissions"
    }

    /// `recording.json` is not JSON, or lacks or mistypes a key.
    static func damaged(path: String, _ error: any Error) -> String {
        "\(path): damaged (\(what(error))); restore it from a copy, or replay \(LabPaths.frames(in: folder(of: path))) as a trace"
    }

    /// What a decoding error says, in a few words.
    private static func what(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a recording description" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON"
        case .dataCorrupted(let context):
            return "\(keyPath(context.codingPath)) has a value ForcePad cannot read"
        case .keyNotFound(let key, let context):
            return "\(keyPath(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(keyPath(context.codingPath)) has the wrong type"
        @unknown default:
            return "not a recording description"
        }
    }

    private static func keyPath(_ path: [any CodingKey]) -> String {
        "key " + (path.isEmpty ? "(top)" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "."))
    }

    private static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }
}
