import Logging
import Synchronization

/// The one log level every logger of the process follows, changeable at run time from the
/// shell (`log debug`).
public final class LogLevelSetting: Sendable {
    private let raw: Atomic<UInt8>

    public init(_ level: Logger.Level) { raw = Atomic(Self.code(level)) }

    public var level: Logger.Level {
        get { Logger.Level.allCases[Int(raw.load(ordering: .relaxed))] }
        set { raw.store(Self.code(newValue), ordering: .relaxed) }
    }

    private static func code(_ level: Logger.Level) -> UInt8 {
        UInt8(Logger.Level.allCases.firstIndex(of: level) ?? 2)
    }
}
