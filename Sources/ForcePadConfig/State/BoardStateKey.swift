import Glibc

/// The name a board's state files carry (`calibration-KEY.toml`, `haptic-driver-KEY.toml`),
/// so that two different board files with the same `name` never share them.
///
/// The first board file named NAME to run with a state directory claims NAME there: its
/// content digest goes to `board-NAME.sha256`, and its state files are named after NAME
/// alone. Any board file named NAME with other content (another board, or the claiming one
/// after an edit) uses `NAME-DIGEST12` (the first 12 hex digits of its ``BoardFile/digest(text:)``)
/// and is told so in ``notice``. State files saved before claims existed are claimed by the
/// first board file named NAME that runs.
public struct BoardStateKey: Sendable, Equatable {
    /// What replaces BOARD in the state files' names.
    public let key: String
    /// One line for the log when this board file does not own its name's plain state files,
    /// or has just claimed files saved before claims; nil otherwise.
    public let notice: String?

    /// File name, in the state directory, of the digest of the board file that owns `board`.
    public static func claimFileName(board: String) -> String { "board-\(board).sha256" }

    /// The names of the state files kept under `key`.
    static func fileNames(_ key: String) -> [String] {
        [CalibrationFile.fileName(board: key), HapticDriverCalibrationFile.fileName(board: key)]
    }

    /// The key of `board` (its `name`) whose file has `contentDigest` in `stateDirectory`.
    /// With `claim` (the caller holds the state directory's lock) a name nobody claims yet is
    /// claimed for this board file; without it nothing is written.
    public static func resolve(board: String, contentDigest: String, stateDirectory: String, claim: Bool) -> BoardStateKey {
        let claimPath = stateDirectory + "/" + claimFileName(board: board)
        let owner = (try? TextFileReader.read(path: claimPath))?.split(separator: "\n").first.map(String.init)
        if owner == contentDigest { return BoardStateKey(key: board, notice: nil) }
        if let owner {
            let key = board + "-" + BoardFile.shortDigest(contentDigest)
            let theirs = fileNames(board).joined(separator: " and ")
            let ours = fileNames(key).joined(separator: " and ")
            return BoardStateKey(key: key, notice:
                "another board file named \"\(board)\" (sha256 \(BoardFile.shortDigest(owner))…) owns \(theirs) in \(stateDirectory); "
                + "this one (sha256 \(BoardFile.shortDigest(contentDigest))…) keeps its own, \(ours) "
                + "(if it is that board file edited, remove \(claimPath) to take them over)")
        }
        guard claim else { return BoardStateKey(key: board, notice: nil) }
        let earlier = fileNames(board).filter { access(stateDirectory + "/" + $0, F_OK) == 0 }
        do {
            try AtomicFileWriter.write(contentDigest + "\n", to: claimPath)
        } catch {
            return BoardStateKey(key: board, notice: "\(error.description) (board \"\(board)\" is not claimed for this board file)")
        }
        guard !earlier.isEmpty else { return BoardStateKey(key: board, notice: nil) }
        return BoardStateKey(key: board, notice:
            "\(earlier.joined(separator: " and ")), saved before board files were told apart, now belong to this board file "
            + "named \"\(board)\" (sha256 \(BoardFile.shortDigest(contentDigest))…; \(claimPath))")
    }
}
