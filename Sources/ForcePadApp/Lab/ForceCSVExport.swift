import ForcePadCore
import ForcePadLabFiles
import ForcePadHAL
import ForcePadShell

/// A recording exported in grams, for spreadsheets and notebooks: its exact replay with the
/// settings it was recorded with, one row per frame:
/// `t_us,g0,…,gN-1,total_g,x[,y],stage,line` — each cell's filtered force and the total (g,
/// three decimals), the centroid (0…1, `y` on a grid only), the press stage after the frame
/// (`none`, `touch`, `peek`, `pop`) and whether the haptic line was on (1) or off (0).
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
        let file = try CaptureFile(creating: path)
        let cells = board.geometry.cellCount
        var header = "t_us," + (0..<cells).map { "g\($0)" }.joined(separator: ",") + ",total_g,x"
        if case .grid = board.geometry { header += ",y" }
        try file.append(header + ",stage,line\n")
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
                    row += "," + grams(frame.total.milligrams) + "," + fraction(frame.centroid.x)
                    if case .grid = board.geometry { row += "," + fraction(frame.centroid.y) }
                    let name = stage != .none ? stage.rawValue : touching ? "touch" : "none"
                    row += ",\(name),\(lineOn ? 1 : 0)\n"
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
        try file.close()
        return rows
    }

    private static func grams(_ milligrams: Int32) -> String { FixedDecimal.format(Int64(milligrams), scale: 3) }

    /// A Q16 fraction with four decimals.
    private static func fraction(_ q16: Int32) -> String { FixedDecimal.format((Int64(q16) * 10_000 + 32_768) >> 16, scale: 4) }
}
