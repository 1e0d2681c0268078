import ForcePadCore
import ForcePadLabFiles

/// One input as a recording's `accelerations.csv` (UTF-8 repaired), then the felt-click
/// analysis over the samples it accepted, at a stage in the middle and at each end: none of
/// it may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func accelerationsFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let samples = try? RecordedAccelerationsFile.parse(text, path: "fuzz/accelerations.csv", wholeLinesOnly: false),
        let first = samples.first, let last = samples.last
    else { return 0 }
    let analyzer = FeltClickAnalyzer()
    for stage in [first.timeMicros, first.timeMicros / 2 + last.timeMicros / 2, last.timeMicros] {
        _ = try? analyzer.measure(samples.span, stageMicros: stage, driveEndMicros: stage, restBeforeMicros: stage)
    }
    return 0
}
