/// What a recording may be called: one folder name inside the state directory's
/// `recordings/`, never a path out of it.
extension CaptureInfo {
    /// The longest name (characters).
    public static let nameMaxLength = 64

    /// Whether `name` is usable: letters, digits, `.`, `-` and `_`, at most ``nameMaxLength``,
    /// not starting with `.` or `-`.
    public static func isRecordingName(_ name: String) -> Bool {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "-" || scalar == "_"
        }
        guard allowed, !name.isEmpty, name.count <= nameMaxLength, let first = name.unicodeScalars.first else { return false }
        return first != "." && first != "-"
    }
}
