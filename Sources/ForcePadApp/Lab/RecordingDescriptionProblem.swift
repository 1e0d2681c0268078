import Glibc

/// One-line errors for a recording that cannot be used as it is, in the form
/// `PATH: what is wrong; the fix`. (A `recording.json` that is damaged or holds a value out of
/// range is refused by ``CaptureInfo/parse(_:path:)``.)
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

    /// The recording in `folder` was cut short before its first frame reached `frames.csv`
    /// (killed within a quarter of a second of its start): there is nothing to replay.
    static func empty(folder: String) -> String {
        "\(folder): empty: the recording was cut short before its first frame was saved, so there is nothing to replay or report; delete \(folder)"
    }

    private static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }
}
