import ForcePadCore
import ForcePadShell

/// A JSON object that checks itself: written on one line with `"sha256"` as its last key,
/// the SHA-256 of the same line without that key. Any edit to the file (a byte changed,
/// added or removed) no longer matches. By hand:
/// `sed 's/,"sha256":"[0-9a-f]*"}$/}/' FILE | tr -d '\n' | sha256sum`.
enum SealedJSON {
    /// The file text for `object`: one line, sealed, with a newline.
    static func seal(_ object: JSONValue) -> String {
        let body = object.rendered()
        return String(body.dropLast()) + ",\"sha256\":\"\(SHA256.hex(Array(body.utf8)))\"}\n"
    }

    /// Whether `text` is a sealed object whose content still matches its seal: the
    /// digest, or why it does not check.
    static func verify(_ text: String) -> Result<String, SealFailure> {
        var line = Substring(text)
        if line.hasSuffix("\n") { line = line.dropLast() }
        let marker = ",\"sha256\":\""
        guard line.hasSuffix("\"}"), let range = line.range(of: marker, options: .backwards) else { return .failure(.unsealed) }
        let digest = line[range.upperBound..<line.index(line.endIndex, offsetBy: -2)]
        guard digest.count == 64, digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return .failure(.unsealed) }
        let body = line[..<range.lowerBound] + "}"
        let actual = SHA256.hex(Array(body.utf8))
        return actual == digest ? .success(actual) : .failure(.modified(recorded: String(digest), actual: actual))
    }
}

/// Why a sealed file does not check.
enum SealFailure: Error, Equatable {
    /// It has no `"sha256"` seal at its end.
    case unsealed
    /// Its content does not hash to the seal it carries.
    case modified(recorded: String, actual: String)

    var message: String {
        switch self {
        case .unsealed: "has no sha256 seal at its end: not a report ForcePad wrote, or cut short"
        case .modified(let recorded, let actual):
            "was changed after it was written: its content hashes to \(actual.prefix(12))…, its seal says \(recorded.prefix(12))…"
        }
    }
}
