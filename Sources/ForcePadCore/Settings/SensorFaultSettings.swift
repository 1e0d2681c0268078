/// When the loop gives up on the sensor and how often it looks for it again (`[faults]`).
public struct SensorFaultSettings: Sendable, Equatable, BitwiseCopyable {
    /// Consecutive failed frames (each already retried once) after which the sensor counts
    /// as lost: `sensor.lost`, the press cancelled, the actuator off.
    public var lostAfterFrames: Int
    /// While lost, time between attempts to reach the sensor again (µs); the loop keeps its
    /// period and skips the read in between.
    public var reprobeMicros: Int64
    /// Under systemd's watchdog: how long the sensor may stay lost before the watchdog stops
    /// being fed and the service is restarted (µs); 0 never restarts for a lost sensor.
    public var restartAfterMicros: Int64

    public init(lostAfterFrames: Int, reprobeMicros: Int64, restartAfterMicros: Int64 = Self.standardRestartAfterMicros) {
        self.lostAfterFrames = lostAfterFrames
        self.reprobeMicros = reprobeMicros
        self.restartAfterMicros = restartAfterMicros
    }

    /// A minute of retries before a restart (which opens the bus and the converters anew).
    public static let standardRestartAfterMicros: Int64 = 60_000_000

    /// 10 failed frames (10 ms at 1 kHz), then one attempt every 200 ms.
    public static let standard = SensorFaultSettings(lostAfterFrames: 10, reprobeMicros: 200_000)

    /// Accepted ranges, for the config file's messages.
    public static let lostAfterFramesRange = 1...10_000
    public static let reprobeMicrosRange: ClosedRange<Int64> = 10_000...10_000_000
    /// `restart_after`: 0 (never), else 1 s to 1 h.
    public static let restartAfterMicrosRange: ClosedRange<Int64> = 0...3_600_000_000
}
