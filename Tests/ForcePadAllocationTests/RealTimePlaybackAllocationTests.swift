import ForcePadCore
import ForcePadHAL
import Testing

/// Real-time playback from the loop: the amplitude is written only when it changes, at most
/// once a period, one transfer each, and the loop still never touches the heap.
@Suite(.serialized) struct RealTimePlaybackAllocationTests {
    static let cellCount = 4
    static let frameCount = 10_000

    @Test func amplitudeWritesAreOneTransferOnChangeAndDoNotAllocate() throws {
        let calibration = PipelineAllocationTests.calibration
        let board = BoardDescription(
            name: "sim", summary: "rtp allocation test", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: Array(0..<Self.cellCount), dataRate: 0)],
            geometry: .strip(cells: Self.cellCount), sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: calibration, simulation: .standard)
        var controller = ControllerSettings.standard
        controller.haptics.rtp = .peekToPop
        let recognizer = PressRecognizerSettings.standard
        let haptics = HapticSchedulerSettings(controller.haptics)
        let settings = PipelineSettings(settings: controller, sampleRateHz: board.sampleRateHz)
        let link = LoopLink(initial: LoopSnapshot(cellCount: Self.cellCount, recognizer: recognizer, haptics: haptics))
        let driver = DRV2605L(settings: try DRV2605LSettings(actuator: .lra, library: .lra))
        let loop = ControlLoop(
            source: SimulatedPad(board: board, simulation: SimulationSettings(noise: .grams(1), seed: 1, riseMicros: 20_000)),
            line: DRV2605LRealTimeLine(line: SimulatedHapticLine(), driver: driver, bus: SimulatedDRV2605L()),
            pipeline: ForcePipeline(
                calibrations: Array(repeating: calibration, count: Self.cellCount), geometry: board.geometry, settings: settings),
            recognizer: recognizer, haptics: haptics, patterns: try HapticPatternCatalog(patterns: controller.haptics.patterns).bank,
            periodMicros: 1000, link: link)
        var snapshots = link.snapshots.takeReader()!
        let clock = ManualClock()
        var sequence: UInt64 = 0
        func press() {
            sequence += 1
            let command = LoopCommand.simulate(
                .press(force: .grams(400), position: PadPosition(fractionX: 0.3, fractionY: 0.5), holdMicros: 200_000))
            #expect(link.commands.push(LoopCommandEnvelope(sequence: sequence, command: command)))
        }
        var tick = 0
        press()
        while tick < 1_000 {
            link.ask(.snapshot)
            loop.tick(atMicros: Int64(tick) * 1000, clock: clock, originMicros: 0)
            tick += 1
        }
        let warm = snapshots.latest().counters
        press()
        var changes = 0
        var previous = snapshots.latest().amplitude
        var peak: UInt8 = 0
        let allocations = ThreadAllocationCounter.allocations {
            while tick < 1_000 + Self.frameCount {
                link.ask(.snapshot)
                loop.tick(atMicros: Int64(tick) * 1000, clock: clock, originMicros: 0)
                let amplitude = snapshots.latest().amplitude
                if amplitude != previous { changes += 1 }
                previous = amplitude
                peak = max(peak, amplitude)
                tick += 1
            }
        }
        let counters = snapshots.latest().counters
        #expect(allocations == 0, "\(allocations) allocations in \(Self.frameCount) ticks")
        #expect(counters.amplitudeWrites - warm.amplitudeWrites == UInt64(changes))
        #expect(changes > 0 && changes < Self.frameCount)
        #expect(peak == 255)
        #expect(counters.amplitudeWriteFailures == 0)
        #expect(snapshots.latest().amplitude == 0)
    }
}
