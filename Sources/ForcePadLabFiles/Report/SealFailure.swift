/// Why a sealed file does not check.
public enum SealFailure: Error, Equatable, Sendable {
    /// It has no `"sha256"` seal at its end.
    case unsealed
    /// Its content does not hash to the seal it carries (both 64 lowercase hexadecimal digits).
    case modified(recorded: String, actual: String)

    public var message: String {
        switch self {
        case .unsealed: "has no sha256 seal at its end: not a report ForcePad wrote, or cut short"
        case .modified(let recorded, let actual):
            "was changed after it was written: its content hashes to \(actual.prefix(12))…, its seal says \(recorded.prefix(12))…"
        }
    }
}
