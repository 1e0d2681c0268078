import ForcePadCore
import ForcePadLabFiles

/// One input as a recording's `events.jsonl` (UTF-8 repaired), then the presses a trial
/// report assembles from events it accepted: none of it may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func eventsFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let events = try? RecordedEventsFile.parse(text, path: "fuzz/events.jsonl", wholeLinesOnly: false) else { return 0 }
    var assembler = PressRecordAssembler()
    var series = ForceSeries()
    for event in events {
        if let press = event.pressEvent { assembler.add(press) }
        if event.event == "haptic.on", let stage = PressStage(rawValue: event.pattern ?? ""), let line = event.lineMicros {
            assembler.addHapticOn(stage: stage, atMicros: event.timeMicros, lineMicros: line)
        }
        if event.isLoopEvent { series.append(timeMicros: event.timeMicros, total: Force.fromGrams(event.forceGrams ?? 0)) }
    }
    assembler.measure(series, thresholds: ControllerSettings.standard.thresholds)
    _ = TrialStatistics(records: assembler.records, thresholds: ControllerSettings.standard.thresholds)
    return 0
}
