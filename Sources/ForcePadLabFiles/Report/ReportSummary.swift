import FoundationEssentials

/// What a sealed report file (`reports/NAME.json`, `NAME.r2.json`, …) says about itself: the
/// fields `report` and `report verify` read back.
///
/// Read with ``parse(_:path:revision:)``, which checks the seal first and then every field it
/// keeps (a report may come from another lab, be damaged, or be edited and sealed again by
/// hand): whatever it returns prints as one line and names its own file's revision.
public struct ReportSummary: Decodable, Equatable, Sendable {
    /// The revision, from 1: the number in the file's name (`NAME.r2.json` is 2, `NAME.json` 1).
    public var revision: Int
    /// When it was written, UTC: `2026-11-24T20:55:15Z`.
    public var generated: String
    /// `PASS`, `FAIL` or `INCOMPLETE`; nil for a recording without limits.
    public var verdict: String?
    /// The SHA-256 of the report's content (64 lowercase hexadecimal digits), which a new
    /// report compares with its own to tell whether anything changed.
    public var contentSHA256: String

    enum CodingKeys: String, CodingKey {
        case format, formatVersion = "format_version", revision, generated, verdict, contentSHA256 = "content_sha256"
    }

    /// The largest report file read (bytes). A report holds every frame's filtered force,
    /// under 12 bytes a frame, so this is over an hour and a half at 1 kHz; anything larger
    /// is not a report ForcePad wrote, and its reader reads no more of it.
    public static let maxBytes = 64 << 20
    /// The revisions a report may have.
    public static let revisionRange = 1...1_000_000
    /// The verdicts a report may give.
    public static let verdicts = ["PASS", "FAIL", "INCOMPLETE"]

    public init(revision: Int, generated: String, verdict: String?, contentSHA256: String) {
        self.revision = revision
        self.generated = generated
        self.verdict = verdict
        self.contentSHA256 = contentSHA256
    }

    /// Reads the summary, every field checked: format 2 of `forcepad-report`, a revision in
    /// ``revisionRange``, a UTC time, a known verdict, a digest.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decode(String.self, forKey: .format)
        guard format == "forcepad-report" else {
            throw container.refusal(.format, "not forcepad-report: not a report ForcePad wrote")
        }
        _ = try container.decode(Int.self, forKey: .formatVersion, in: 2...2)
        revision = try container.decode(Int.self, forKey: .revision, in: Self.revisionRange)
        generated = try container.decode(String.self, forKey: .generated)
        guard Self.isUTCTime(generated) else {
            throw container.refusal(.generated, "not a UTC time such as 2026-11-24T20:55:15Z")
        }
        verdict = try container.decodeIfPresent(String.self, forKey: .verdict)
        if let verdict, !Self.verdicts.contains(verdict) {
            throw container.refusal(.verdict, "not a verdict; allowed: \(Self.verdicts.joined(separator: ", ")) or null")
        }
        contentSHA256 = try container.decode(String.self, forKey: .contentSHA256)
        guard SealedJSON.isDigest(contentSHA256.utf8) else {
            throw container.refusal(.contentSHA256, "not a SHA-256 digest (64 lowercase hexadecimal digits)")
        }
    }

    /// Reads the text of the report file at `path` (which only names it in errors; at most
    /// ``maxBytes`` of it), revision `revision` of its recording's reports: its seal checked over the bytes, then JSON, every
    /// field of the right type and within its range. The error is one line naming the file,
    /// the key and the fix.
    public static func parse(_ text: String, path: String, revision: Int) throws(LabFileError) -> ReportSummary {
        let fix = "restore it from a copy; it is kept as found"
        if case .failure(let failure) = SealedJSON.verify(text) {
            throw LabFileError(file: path, line: nil, message: "\(failure.message); \(fix)")
        }
        let summary: ReportSummary
        do {
            summary = try JSONDecoder().decode(ReportSummary.self, from: Data(text.utf8))
        } catch {
            let why = DecodingErrorText.summary(error, whole: "not a report object")
            throw LabFileError(file: path, line: nil, message: "is sealed but not a ForcePad report (\(why)); \(fix)")
        }
        guard summary.revision == revision else {
            throw LabFileError(
                file: path, line: nil,
                message: "is sealed but says it is revision \(summary.revision), and its name makes it revision \(revision); \(fix)")
        }
        return summary
    }

    /// Whether `text` is `YYYY-MM-DDTHH:MM:SSZ`, digits where the pattern has letters.
    static func isUTCTime(_ text: String) -> Bool {
        let pattern = Array("0000-00-00T00:00:00Z".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count == pattern.count else { return false }
        return zip(bytes, pattern).allSatisfy { byte, expected in
            expected == UInt8(ascii: "0") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
        }
    }
}
