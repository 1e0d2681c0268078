import Logging

/// Writes log lines (`2026-11-22T06:41:52+0000 warning forcepad: [ForcePadApp] message`) at
/// the level of a shared ``LogLevelSetting``, so changing the level from the shell affects
/// every logger, through a ``LogLineRouter`` (standard error, or above an interactive shell's
/// input line). Never used on the loop thread: the loop reports through its event ring.
public struct ConsoleLogHandler: LogHandler {
    private let label: String
    private let setting: LogLevelSetting
    private let router: LogLineRouter
    public var metadata: Logger.Metadata = [:]

    public init(label: String, setting: LogLevelSetting, router: LogLineRouter) {
        self.label = label
        self.setting = setting
        self.router = router
    }

    public var logLevel: Logger.Level {
        get { setting.level }
        set { setting.level = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { $1 } }
        let metadataText = fields.isEmpty ? "" : " " + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        router.emit("\(WallClockText.local()) \(event.level) \(label):\(metadataText) [\(event.source)] \(event.message)")
    }
}
