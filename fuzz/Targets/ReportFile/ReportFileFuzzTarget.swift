import ForcePadCore
import ForcePadLabFiles

/// One input as a report file (`reports/NAME.json`, UTF-8 repaired), read as revision 1, 2 or
/// 3 (by the input's length), then the same text sealed afresh and read again, so that the
/// JSON and the checks behind the seal are reached too (a mutated input almost never keeps
/// its seal). Neither may trap; a summary it accepts must name the revision asked for, a UTC
/// time, a known verdict and a digest, and a text sealed by ``SealedJSON/seal(_:)`` must pass
/// its seal check (a failed invariant stops the fuzzer with `fatalError`).
@_cdecl("LLVMFuzzerTestOneInput")
public func reportFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    let revision = 1 + size % 3
    if let summary = try? ReportSummary.parse(text, path: "fuzz/reports/r.json", revision: revision) {
        expectUsable(summary, revision: revision)
    }
    var body = Array(text.utf8)
    if body.last == UInt8(ascii: "\n") { body.removeLast() }
    guard body.last == UInt8(ascii: "}") else { return 0 }
    let sealed = SealedJSON.seal(String(decoding: body, as: UTF8.self))
    do {
        expectUsable(try ReportSummary.parse(sealed, path: "fuzz/reports/r.json", revision: revision), revision: revision)
    } catch {
        if error.message.hasPrefix(SealFailure.unsealed.message) || error.message.hasPrefix("was changed after it was written") {
            fatalError("a text sealed by SealedJSON.seal does not check: \(error)")
        }
    }
    return 0
}

/// Stops the fuzzer if `summary` holds what its reader promised to refuse.
func expectUsable(_ summary: ReportSummary, revision: Int) {
    guard summary.revision == revision else { fatalError("accepted revision \(summary.revision) as revision \(revision)") }
    guard summary.generated.utf8.count == 20, summary.generated.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
        fatalError("accepted generated time '\(summary.generated)'")
    }
    guard summary.verdict.map(ReportSummary.verdicts.contains) ?? true else { fatalError("accepted verdict '\(summary.verdict ?? "")'") }
    guard SealedJSON.isDigest(summary.contentSHA256.utf8) else { fatalError("accepted content digest '\(summary.contentSHA256)'") }
}
