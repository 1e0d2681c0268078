import Logging

/// Writes log lines to standard error (through swift-log's stream handler) at the level of a
/// shared ``LogLevelSetting``, so changing the level from the shell affects every logger.
/// Never used on the loop thread: the loop reports through its event ring instead.
public struct ConsoleLogHandler: LogHandler {
    private var stream: StreamLogHandler
    private let setting: LogLevelSetting

    public init(label: String, setting: LogLevelSetting) {
        stream = StreamLogHandler.standardError(label: label)
        stream.logLevel = .trace
        self.setting = setting
    }

    public var logLevel: Logger.Level {
        get { setting.level }
        set { setting.level = newValue }
    }

    public var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }

    public func log(event: LogEvent) {
        stream.log(event: event)
    }
}
