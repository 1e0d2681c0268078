import ForcePadCore
import ForcePadLabFiles
import Testing

/// Report files read back: a seal that checks, then every field `report` and `report verify`
/// keep, each refused in one line naming the file, the key and the fix.
@Suite struct ReportSummaryTests {
    static let path = "/state/reports/t1.json"
    static let digest = String(repeating: "0123456789abcdef", count: 4)

    /// A report's head as ForcePad writes it, with `fields` replacing or adding values (JSON text).
    static func body(_ fields: [(String, String)] = []) -> String {
        var head: [(String, String)] = [
            ("format", "\"forcepad-report\""), ("format_version", "2"), ("revision", "1"), ("generated", "\"2026-11-24T20:55:15Z\""),
            ("name", "\"t1\""), ("verdict", "\"FAIL\""), ("content_sha256", "\"\(digest)\""),
        ]
        for (key, value) in fields {
            if let index = head.firstIndex(where: { $0.0 == key }) { head[index].1 = value } else { head.append((key, value)) }
        }
        return "{" + head.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    static func refusal(_ text: String, revision: Int = 1) -> String? {
        do {
            _ = try ReportSummary.parse(text, path: path, revision: revision)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aSealedReportReadsBack() throws {
        let sealed = SealedJSON.seal(Self.body())
        #expect(sealed.hasSuffix("\"}\n") && !sealed.dropLast().contains("\n"))
        let summary = try ReportSummary.parse(sealed, path: Self.path, revision: 1)
        #expect(summary == ReportSummary(revision: 1, generated: "2026-11-24T20:55:15Z", verdict: "FAIL", contentSHA256: Self.digest))
        #expect(SealedJSON.verify(sealed) == .success(SHA256.hex(Array(Self.body().utf8))))
    }

    /// The seal's marker right before the closing brace left the digest a range whose end was
    /// before its start: `report verify` trapped (found by fuzz-report).
    @Test func aSealMarkerRunningIntoTheEndIsUnsealedNotATrap() {
        #expect(SealedJSON.verify("{,\"sha256\":\"}") == .failure(.unsealed))
        #expect(SealedJSON.verify(",\"sha256\":\"}\n") == .failure(.unsealed))
        #expect(Self.refusal("{,\"sha256\":\"}")
            == "\(Self.path): has no sha256 seal at its end: not a report ForcePad wrote, or cut short; restore it from a copy; it is kept as found")
    }

    @Test func aSealIsCheckedOnTheBytes() {
        let sealed = SealedJSON.seal(Self.body())
        // Uppercase digits, a combining mark after the closing quote, CR LF: none is a seal.
        #expect(SealedJSON.verify(sealed.dropLast(67) + sealed.suffix(67).uppercased().replacingOccurrences(of: "SHA256", with: "sha256")) == .failure(.unsealed))
        #expect(SealedJSON.verify(sealed.dropLast(2) + "\u{301}}\n") == .failure(.unsealed))
        #expect(SealedJSON.verify(sealed.dropLast() + "\r\n") == .failure(.unsealed))
        let edited = sealed.replacingOccurrences(of: "\"t1\"", with: "\"t2\"")
        guard case .failure(.modified) = SealedJSON.verify(edited) else {
            Issue.record("an edited report checks")
            return
        }
    }

    /// Sealed again by hand, a report's fields are still checked: they are printed in one line
    /// and a revision must be the one its file's name gives.
    @Test(arguments: [
        ("revision", "3", "is sealed but says it is revision 3, and its name makes it revision 1"),
        ("revision", "0", "key revision: 0 is out of range; allowed: 1…1000000"),
        ("revision", "1e19", "is sealed but not a ForcePad report"),
        ("format", "\"forcepad-recording\"", "key format: not forcepad-report: not a report ForcePad wrote"),
        ("format_version", "3", "key format_version: 3 is out of range; allowed: 2…2"),
        ("generated", "\"2026-11-24T20:55:15Z\\nrevision 1\"", "key generated: not a UTC time such as 2026-11-24T20:55:15Z"),
        ("verdict", "\"PASS\\nseal intact\"", "key verdict: not a verdict; allowed: PASS, FAIL, INCOMPLETE or null"),
        ("content_sha256", "\"ABC\"", "key content_sha256: not a SHA-256 digest (64 lowercase hexadecimal digits)"),
    ])
    func aFieldOutOfRangeIsRefusedInOneLine(key: String, value: String, why: String) throws {
        let refusal = try #require(Self.refusal(SealedJSON.seal(Self.body([(key, value)]))))
        #expect(refusal.hasPrefix("\(Self.path): ") && refusal.contains(why), "\(refusal)")
        #expect(refusal.hasSuffix("restore it from a copy; it is kept as found"), "\(refusal)")
        #expect(!refusal.contains("\n"))
    }

    @Test func aReportWithoutAVerdictReadsBack() throws {
        let summary = try ReportSummary.parse(SealedJSON.seal(Self.body([("verdict", "null"), ("revision", "2")])), path: Self.path, revision: 2)
        #expect(summary.verdict == nil && summary.revision == 2)
    }
}
