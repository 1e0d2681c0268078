import ForcePadCore
import ForcePadLabFiles

/// Names of recordings and reports: one folder or file name inside the state directory,
/// never a path out of it (``CaptureInfo/isRecordingName(_:)``).
enum CaptureName {
    /// `name` if it is usable, else a failure that says what a name may contain.
    static func validated(_ name: String) throws(CommandFailure) -> String {
        guard CaptureInfo.isRecordingName(name) else {
            throw CommandFailure("name '\(name)' is not usable: use letters, digits, '.', '-' and '_' (at most \(CaptureInfo.nameMaxLength), not starting with '.' or '-'); it names a folder in the state directory")
        }
        return name
    }
}
