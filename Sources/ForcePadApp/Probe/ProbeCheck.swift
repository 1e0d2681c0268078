import ForcePadCore

/// One line of `forcepad probe`: what was checked, whether it passed, and what was found or
/// what to do about it.
struct ProbeCheck {
    enum Outcome: String {
        case pass = "ok"
        case fail = "FAIL"
        case skipped = "skip"
    }

    /// What was checked, e.g. `ADS7830 0x48`.
    let subject: String
    let outcome: Outcome
    /// What was found (pass), why it was skipped, or the failure with its fix.
    let detail: String

    static func pass(_ subject: String, _ detail: String) -> ProbeCheck { ProbeCheck(subject: subject, outcome: .pass, detail: detail) }
    static func fail(_ subject: String, _ detail: String) -> ProbeCheck { ProbeCheck(subject: subject, outcome: .fail, detail: detail) }
    static func skipped(_ subject: String, _ detail: String) -> ProbeCheck { ProbeCheck(subject: subject, outcome: .skipped, detail: detail) }

    var json: JSONValue {
        .object([("check", .string(subject)), ("result", .string(outcome.rawValue)), ("detail", .string(detail))])
    }
}
