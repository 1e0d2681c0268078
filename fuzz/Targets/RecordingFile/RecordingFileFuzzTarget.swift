import ForcePadCore
import ForcePadLabFiles
import FoundationEssentials

/// One input as a recording's `recording.json`, then what the lab computes from a description
/// it accepted (duration, the recorded settings and their rules, the limits' checks, the
/// counts as report integers): none of it may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func recordingFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let info = try? CaptureInfo.parse(Data(bytes: data, count: size), path: "fuzz/recording.json") else { return 0 }
    _ = info.durationMicros
    let settings = info.recordedSettings(over: .standard)
    _ = SettingsRules.problems(settings, sampleRateHz: info.sampleRateHertz, written: [])
    _ = Int64(info.droppedFrames) + Int64(info.missedPeriods ?? 0)
    let statistics = TrialStatistics(records: [], thresholds: settings.thresholds)
    _ = statistics.check(info.limits ?? .none)
    return 0
}
