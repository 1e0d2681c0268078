import ForcePadConfig
import ForcePadLabFiles
import ForcePadCore

/// The board file a recording's folder replays on: its own copy, `board.toml`, whose content
/// digest `recording.json` keeps (``CaptureInfo/boardFileDigest``).
enum RecordedBoardFile {
    /// The copy in `folder`, or `given` (`--board`) when its content is the same; nil for a
    /// recording made before recordings kept their board file (the caller uses `--board`).
    /// A `given` board file with other content, or a copy that no longer matches its digest,
    /// is refused, naming both digests.
    static func board(ofFolder folder: String, given: BoardFile?) throws(CommandFailure) -> BoardFile? {
        let info = try CaptureInfo.load(path: LabPaths.info(in: folder))
        guard let recorded = info.boardFileDigest else { return nil }
        let copyPath = LabPaths.boardFile(in: folder)
        if let given {
            guard given.contentDigest == recorded else {
                throw CommandFailure(
                    "--board \(given.board.name) (sha256 \(BoardFile.shortDigest(given.contentDigest))…) is not the board file '\(info.name)' "
                    + "was recorded with (sha256 \(BoardFile.shortDigest(recorded))…, kept as \(copyPath)): replay without --board")
            }
            return given
        }
        let copy: BoardFile
        do {
            copy = try BoardFile.load(path: copyPath)
        } catch {
            throw CommandFailure("\(error.description) (give --board with the board file '\(info.name)' was recorded with)")
        }
        guard copy.contentDigest == recorded else {
            throw CommandFailure(
                "\(copyPath) (sha256 \(BoardFile.shortDigest(copy.contentDigest))…) is not the board file recording.json names "
                + "(sha256 \(BoardFile.shortDigest(recorded))…): it was changed; give --board with the original")
        }
        return copy
    }
}
