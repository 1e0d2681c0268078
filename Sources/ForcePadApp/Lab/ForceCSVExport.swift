import ForcePadConfig
import ForcePadCore
import ForcePadLabFiles
import ForcePadHAL
import Glibc

/// A recording exported in grams, for spreadsheets and notebooks: its exact replay with the
/// settings it was recorded with, one row per frame:
/// `t_us,g0,…,gN-1,total_g,x[,y],stage,line,reference_g,missed_before` — each cell's filtered
/// force and the total (g, three decimals), the centroid (0…1, `y` on a grid only; empty
/// with nothing on the pad), the press stage after the frame (`none`, `touch`, `peek`,
/// `pop`), whether the haptic line was on (1) or off (0), the reference sensor's reading that
/// arrived since the previous row (g; empty when none did, or without a reference), and the
/// loop periods missed just before the frame (0 normally: a gap in `t_us` is never silent).
///
/// The rows go to a temporary file beside `path` that is linked to `path` once complete
/// (``CaptureFile/writeWhole(_:_:)``): an export is whole or absent, never cut short, and never
/// replaces a file.
enum ForceCSVExport {
    /// Writes the export of `recording` to `path` (which must not exist); returns the rows.
    static func write(
        _ recording: Recording, board: BoardDescription, settings: ControllerSettings, to path: String
    ) throws(CommandFailure) -> Int {
        let assembly: LoopAssembly
        do {
            assembly = try LoopAssembly(
                board: board, calibration: recording.calibration, settings: recording.info.recordedSettings(over: settings))
        } catch {
            throw CommandFailure(error.message)
        }
        var rows = 0
        try CaptureFile.writeWhole(path) { file throws(CommandFailure) in
            rows = try writeRows(recording, board: board, assembly: assembly, to: file)
        }
        return rows
    }

    /// Replays `recording` with `assembly` into `file`, a row per frame; returns the rows.
    private static func writeRows(
        _ recording: Recording, board: BoardDescription, assembly: LoopAssembly, to file: CaptureFile
    ) throws(CommandFailure) -> Int {
        let cells = board.geometry.cellCount
        var header = "t_us," + (0..<cells).map { "g\($0)" }.joined(separator: ",") + ",total_g,x"
        if case .grid = board.geometry { header += ",y" }
        try file.append(header + ",stage,line,reference_g,missed_before\n")
        let references = recording.events.filter { $0.event == RecordedEvent.referenceSample }
        var nextReference = 0
        let periodMicros = 1_000_000 / Int64(max(recording.info.sampleRateHertz, 1))
        var previousMicros: Int64?
        var stage = PressStage.none
        var touching = false
        var lineOn = false
        var rows = 0
        var failure: CommandFailure?
        let last = recording.info.lastTimeMicros ?? Int64.max
        do throws(SetupError) {
            try ReplayRunner(assembly: assembly).run(
                recording.frames, keepTimes: true, zeros: recording.info.zerosCounts ?? [], tareAtRow: recording.info.tareRow,
                menuShortcuts: recording.info.menuShortcuts,
                handle: { event in
                    switch event {
                    case .press(.began): touching = true
                    case .press(.peek): stage = .peek
                    case .press(.pop): stage = .pop
                    case .press(.released), .press(.cancelled): (touching, stage) = (false, .none)
                    case .haptic(let haptic, _): lineOn = haptic.isOn
                    default: break
                    }
                },
                frame: { frame in
                    guard failure == nil, frame.timeMicros <= last else { return }
                    var row = String(frame.timeMicros)
                    for cell in 0..<cells { row += "," + grams(frame.cellMilligrams[cell]) }
                    let touched = frame.contacts > 0
                    row += "," + grams(frame.total.milligrams) + "," + (touched ? fraction(frame.centroid.x) : "")
                    if case .grid = board.geometry { row += "," + (touched ? fraction(frame.centroid.y) : "") }
                    let name = stage != .none ? stage.rawValue : touching ? "touch" : "none"
                    var reading: Double?
                    while nextReference < references.count, references[nextReference].timeMicros <= frame.timeMicros {
                        reading = references[nextReference].referenceGrams
                        nextReference += 1
                    }
                    let missed = previousMicros.map { max(0, (frame.timeMicros - $0) / periodMicros - 1) } ?? 0
                    previousMicros = frame.timeMicros
                    row += ",\(name),\(lineOn ? 1 : 0),\(reading.map { grams(Force.fromGrams($0).milligrams) } ?? ""),\(missed)\n"
                    do throws(CommandFailure) {
                        try file.append(row)
                        rows += 1
                    } catch {
                        failure = error
                    }
                })
        } catch {
            throw CommandFailure(error.message)
        }
        if let failure { throw failure }
        return rows
    }

    private static func grams(_ milligrams: Int32) -> String { FixedDecimal.format(Int64(milligrams), scale: 3) }

    /// A Q16 fraction with four decimals.
    private static func fraction(_ q16: Int32) -> String { FixedDecimal.format((Int64(q16) * 10_000 + 32_768) >> 16, scale: 4) }
}
