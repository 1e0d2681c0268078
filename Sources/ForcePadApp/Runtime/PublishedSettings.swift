import ForcePadCore
import ForcePadHAL

/// The settings in force, for threads other than the shell's (the browser scope): the
/// controller publishes each change here, and readers take a copy. Never read by the loop.
final class PublishedSettings: Sendable {
    private let settings: PosixMutex<ControllerSettings>

    init(_ settings: ControllerSettings) {
        self.settings = PosixMutex(settings)
    }

    /// Replaces the published settings with `settings`.
    func publish(_ settings: ControllerSettings) {
        self.settings.withLock { $0 = settings }
    }

    /// A copy of the settings last published.
    var current: ControllerSettings { settings.withLock { $0 } }
}
