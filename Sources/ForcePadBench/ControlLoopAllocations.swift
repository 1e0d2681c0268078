import ForcePadCore
import ForcePadHAL

/// Heap allocations of the real-time loop's period on the sim board: commands applied,
/// frame read from the simulated pad, pipeline, press recogniser, haptic scheduler and line,
/// events pushed, snapshot filled and published (asked for every period, as a replay does).
enum ControlLoopAllocations {
    /// Allocations per ``ControlLoop`` tick over `ticks` periods after a second of warm-up,
    /// with a tare, a filter change and a press through peek and pop queued for the loop.
    static func perTick(ticks: Int) -> Double {
        let board = SimBoard.board()
        let controller = ControllerSettings.standard
        let recognizer = PressRecognizerSettings.standard
        let haptics = HapticSchedulerSettings(controller.haptics)
        let settings = SimBoard.pipelineSettings()
        let link = LoopLink(initial: LoopSnapshot(
            cellCount: board.geometry.cellCount, recognizer: recognizer, haptics: haptics))
        let loop = ControlLoop(
            source: SimulatedPad(board: board, simulation: board.simulation!), line: SimulatedHapticLine(),
            pipeline: ForcePipeline(
                calibrations: Array(repeating: board.calibration, count: board.geometry.cellCount), geometry: board.geometry,
                settings: settings),
            recognizer: recognizer, haptics: haptics, patterns: try! HapticPatternCatalog(patterns: controller.haptics.patterns).bank,
            periodMicros: Int64(1_000_000 / board.sampleRateHz), link: link)
        let clock = ManualClock()
        var tick = 0
        while tick < board.sampleRateHz {
            loop.tick(atMicros: Int64(tick) * loop.periodMicros, clock: clock, originMicros: 0)
            tick += 1
        }
        let commands: [LoopCommand] = [
            .tare,
            .apply(LoopSettings(
                recognizer: recognizer,
                pipeline: SimBoard.pipelineSettings(filter: FilterSettings(kind: .biquad, cutoffMilliHertz: 30_000, spikeRejection: true)),
                haptics: haptics)),
            .simulate(.press(force: .grams(400), position: .center, holdMicros: 100_000)),
        ]
        for (index, command) in commands.enumerated() {
            _ = link.commands.push(LoopCommandEnvelope(sequence: UInt64(index + 1), command: command))
        }
        let allocations = AllocationCount.during {
            while tick < board.sampleRateHz + ticks {
                link.ask(.snapshot)
                loop.tick(atMicros: Int64(tick) * loop.periodMicros, clock: clock, originMicros: 0)
                tick += 1
            }
        }
        return Double(allocations) / Double(ticks)
    }
}
