import ForcePadCore
import ForcePadHAL

/// How a board, its calibration and checked settings become a control loop: the loop's
/// settings, the pattern bank, the period and the first snapshot. Shared by the running
/// controller (real or simulated hardware, real clock) and by replay (a trace, manual clock),
/// so both run exactly the same loop.
struct LoopAssembly {
    let board: BoardDescription
    let calibration: CalibrationSet
    /// `calibration`'s tables as the loop reads them.
    let calibrationBank: CalibrationBank
    let settings: ControllerSettings
    /// Names and ids of the configured haptic patterns.
    let patterns: HapticPatternCatalog

    /// Checks `settings` against ``SettingsRules`` on `board` and compiles the patterns.
    init(board: BoardDescription, calibration: CalibrationSet, settings: ControllerSettings) throws(SetupError) {
        if let problem = SettingsRules.problems(settings, sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver, written: []).first {
            throw SetupError("settings do not fit board '\(board.name)': \(problem)")
        }
        do {
            patterns = try HapticPatternCatalog(patterns: settings.haptics.patterns)
        } catch {
            throw SetupError("haptic patterns: \(error)")
        }
        self.board = board
        self.calibration = calibration
        calibrationBank = CalibrationBank(calibration.tables)
        self.settings = settings
    }

    var loopSettings: LoopSettings { LoopSettings(settings, sampleRateHz: board.sampleRateHz) }

    /// The loop's period (µs).
    var periodMicros: Int64 { Int64(1_000_000 / board.sampleRateHz) }

    /// A link whose snapshot starts with these settings.
    func makeLink() -> LoopLink {
        let loop = loopSettings
        return LoopLink(initial: LoopSnapshot(cellCount: board.geometry.cellCount, recognizer: loop.recognizer, haptics: loop.haptics))
    }

    /// The loop over `source` and `line`, talking through `link`; its pipeline starts at
    /// `zeros` (Q0 counts per cell, as a recording began) when given.
    func makeLoop<Source: FrameSource & ~Copyable, Line: HapticLine & ~Copyable>(
        source: consuming Source, line: consuming Line, link: LoopLink, zeros: [Int32]? = nil
    ) -> ControlLoop<Source, Line> {
        let loop = loopSettings
        var pipeline = ForcePipeline(calibration: calibrationBank, geometry: board.geometry, settings: loop.pipeline)
        if let zeros { pipeline.start(atZeros: zeros) }
        return ControlLoop(
            source: source, line: line, pipeline: pipeline, recognizer: loop.recognizer, haptics: loop.haptics,
            patterns: patterns.bank, periodMicros: periodMicros, link: link, faults: settings.faults)
    }
}
