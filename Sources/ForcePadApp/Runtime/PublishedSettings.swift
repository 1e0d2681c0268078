import ForcePadCore
import ForcePadHAL

/// The settings and the calibration in force, for threads other than the shell's (the
/// browser scope, the fleet station's status): the controller publishes each change here,
/// and readers take a copy. Never read by the loop.
final class PublishedSettings: Sendable {
    private let settings: PosixMutex<ControllerSettings>
    /// The calibration in use's checksum, 8 hex digits (as `calibrate show` gives it).
    private let calibration: PosixMutex<String>

    init(_ settings: ControllerSettings, calibrationCRC32: String = "") {
        self.settings = PosixMutex(settings)
        calibration = PosixMutex(calibrationCRC32)
    }

    /// Replaces the published settings with `settings`.
    func publish(_ settings: ControllerSettings) {
        self.settings.withLock { $0 = settings }
    }

    /// Replaces the published calibration checksum.
    func publish(calibrationCRC32: String) {
        calibration.withLock { $0 = calibrationCRC32 }
    }

    /// A copy of the settings last published.
    var current: ControllerSettings { settings.withLock { $0 } }

    /// The checksum of the calibration last published.
    var calibrationCRC32: String { calibration.withLock { $0 } }
}
