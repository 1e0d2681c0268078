/// Why ForcePad stopped a stand: each is reported once, as one line.
public enum StandStopReason: Sendable, Equatable, CustomStringConvertible {
    /// The stand gave no answer for this long (µs), more than ``StandDescription/silenceLimitMicros``.
    case silent(micros: Int64)
    /// The stand reported an alarm, in its own words.
    case alarm(String)
    /// The force reached the board's force limit.
    case forceLimit(force: Force, limit: Force)
    /// The force reading the stand is watched by was lost.
    case sensorLost(String)
    /// The operator asked (`stand stop`, `trial stop`).
    case requested
    /// ForcePad is shutting down (quit, Ctrl-C, SIGTERM).
    case shutdown
    /// The recording of the trial the stand pressed for ended on an error (a write error, the
    /// most frames a recording holds): no press is made that nothing records.
    case recordingEnded(String)

    /// Whether this stop is a fault (kept as the stand's last fault and logged as a warning).
    public var isFault: Bool {
        switch self {
        case .silent, .alarm, .forceLimit, .sensorLost: true
        case .requested, .shutdown, .recordingEnded: false
        }
    }

    /// One line: what happened, for the log and the `stand.stopped` event.
    public var description: String {
        switch self {
        case .silent(let micros):
            "stand stopped: no answer for \(FixedDecimal.format(micros / 1000, scale: 0)) ms; check its cable and that it is in PC control"
        case .alarm(let words):
            "stand stopped: it reported an alarm (\(words)); clear it at the stand, then home it"
        case .forceLimit(let force, let limit):
            "stand stopped: force \(force) reached the limit \(limit)"
        case .sensorLost(let error):
            "stand stopped: the force reading was lost (\(error))"
        case .requested:
            "stand stopped on request"
        case .shutdown:
            "stand stopped: forcepad is shutting down"
        case .recordingEnded(let why):
            "stand stopped: its trial's recording ended (\(why))"
        }
    }

    /// A short name for JSON (`silent`, `alarm`, `force-limit`, `sensor-lost`, `requested`, `shutdown`, `recording-ended`).
    public var name: String {
        switch self {
        case .silent: "silent"
        case .alarm: "alarm"
        case .forceLimit: "force-limit"
        case .sensorLost: "sensor-lost"
        case .requested: "requested"
        case .shutdown: "shutdown"
        case .recordingEnded: "recording-ended"
        }
    }
}
