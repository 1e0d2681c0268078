import ForcePadCore

/// A JSON object that checks itself: written on one line with `"sha256"` as its last key,
/// the SHA-256 of the same line without that key. Any edit to the file (a byte changed,
/// added or removed) no longer matches. By hand:
/// `sed 's/,"sha256":"[0-9a-f]*"}$/}/' FILE | tr -d '\n' | sha256sum`.
///
/// Checked on the UTF-8 bytes, as `sha256sum` sees them: never on Swift's `Character`s, which
/// join a combining mark to the quote before it and "\r\n" into one.
public enum SealedJSON {
    /// The file text for `body`, one JSON object rendered on one line (its last byte the
    /// object's `}`): sealed, with a newline.
    public static func seal(_ body: String) -> String {
        let bytes = Array(body.utf8)
        return String(decoding: bytes.dropLast(), as: UTF8.self) + ",\"sha256\":\"\(SHA256.hex(bytes))\"}\n"
    }

    /// What comes before the digest: `,"sha256":"`.
    private static let marker = Array(",\"sha256\":\"".utf8)
    /// A digest's length: 64 hexadecimal digits.
    private static let digestLength = 64

    /// Whether `bytes` are a SHA-256 digest as a seal writes it: 64 lowercase hexadecimal digits.
    public static func isDigest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.count == digestLength && bytes.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }

    /// Whether `text` is a sealed object whose content still matches its seal: the
    /// digest, or why it does not check.
    public static func verify(_ text: String) -> Result<String, SealFailure> {
        var line = Array(text.utf8)[...]
        if line.last == UInt8(ascii: "\n") { line = line.dropLast() }
        // `,"sha256":"` + 64 digits + `"}`, at the very end.
        let sealLength = marker.count + digestLength + 2
        guard line.count >= sealLength, line.suffix(2).elementsEqual("\"}".utf8) else { return .failure(.unsealed) }
        let markerStart = line.endIndex - sealLength
        guard line[markerStart..<markerStart + marker.count].elementsEqual(marker) else { return .failure(.unsealed) }
        let digest = line[(markerStart + marker.count)..<(line.endIndex - 2)]
        guard isDigest(digest) else { return .failure(.unsealed) }
        let recorded = String(decoding: digest, as: UTF8.self)
        let actual = SHA256.hex(line[..<markerStart] + [UInt8(ascii: "}")])
        return actual == recorded ? .success(actual) : .failure(.modified(recorded: recorded, actual: actual))
    }
}
