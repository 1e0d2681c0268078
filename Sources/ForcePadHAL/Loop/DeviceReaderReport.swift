/// A change in a device's health, reported once per change by the thread that reads it
/// (``ReferenceReader``, ``AccelerometerReader``).
public enum DeviceReaderReport<Failure: Error & Sendable & Equatable>: Sendable, Equatable {
    /// The device stopped answering (the first error of a run of them).
    case lost(Failure)
    /// The device answers again after ``lost(_:)``.
    case restored
}

/// A change in the reference force sensor's health.
public typealias ReferenceReaderReport = DeviceReaderReport<DeviceError>

/// A change in the accelerometer's health.
public typealias AccelerometerReaderReport = DeviceReaderReport<AccelerometerError>
