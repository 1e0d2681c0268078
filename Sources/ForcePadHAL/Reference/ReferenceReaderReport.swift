/// A change in the reference sensor's health, reported once per change by ``ReferenceReader``.
public enum ReferenceReaderReport: Sendable, Equatable {
    /// The sensor stopped answering (the first error of a run of them).
    case lost(DeviceError)
    /// The sensor answers again after ``lost(_:)``.
    case restored
}
