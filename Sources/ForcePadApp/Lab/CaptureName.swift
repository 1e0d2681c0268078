import ForcePadCore

/// Names of recordings and reports: one folder or file name inside the state directory,
/// never a path out of it.
enum CaptureName {
    static let maxLength = 64

    /// `name` if it is usable, else a failure that says what a name may contain.
    static func validated(_ name: String) throws(CommandFailure) -> String {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "-" || scalar == "_"
        }
        guard allowed, !name.isEmpty, name.count <= maxLength, let first = name.unicodeScalars.first, first != ".", first != "-" else {
            throw CommandFailure("name '\(name)' is not usable: use letters, digits, '.', '-' and '_' (at most \(maxLength), not starting with '.' or '-'); it names a folder in the state directory")
        }
        return name
    }
}
