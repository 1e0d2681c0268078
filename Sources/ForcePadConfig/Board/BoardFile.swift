import ForcePadCore

/// A board file as read: its checked description, its text and the digest of that text, which
/// tells two board files apart when they carry the same `name` (state files, recordings).
public struct BoardFile: Sendable {
    public let board: BoardDescription
    /// The file's text, byte for byte (it is UTF-8).
    public let text: String
    /// ``digest(text:)`` of ``text``.
    public let contentDigest: String

    /// Reads and checks the board file at `path`; errors name `path` as the file.
    public static func load(path: String) throws(ConfigError) -> BoardFile {
        let text = try TextFileReader.read(path: path)
        return BoardFile(board: try BoardFileLoader.parse(text: text, file: path), text: text, contentDigest: digest(text: text))
    }

    /// The content digest of board-file text: `sha256:` and the 64 hex digits of its UTF-8
    /// bytes, what `sha256sum` prints for the file.
    public static func digest(text: String) -> String { "sha256:" + SHA256.hex(text.utf8) }

    /// The first 12 hex digits of `digest`, for file names and messages.
    public static func shortDigest(_ digest: String) -> String {
        String(digest.dropFirst("sha256:".count).prefix(12))
    }
}
