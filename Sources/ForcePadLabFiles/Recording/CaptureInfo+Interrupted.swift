import ForcePadCore

/// A recording that was never stopped: ForcePad writes `recording.json` when a recording
/// starts (without `stopped` and `stopped_by`) and again when it stops, so one that has no
/// `stopped` was cut short (a kill, a power cut). Its files hold what was flushed, at most
/// a quarter of a second (the recorder's flush interval) before the cut; the frame and time fields are taken from
/// `frames.csv`'s whole lines.
extension CaptureInfo {
    /// Whether the recording was cut short before it was stopped.
    public var isInterrupted: Bool { stopped == nil }

    /// The description with the frame count and first and last frame times (µs) of `frames`.
    public func completed(from frames: ForceTrace) -> CaptureInfo {
        var info = self
        info.frames = frames.rowCount
        info.firstTimeMicros = frames.timesMicros.first
        info.lastTimeMicros = frames.timesMicros.last
        return info
    }
}
