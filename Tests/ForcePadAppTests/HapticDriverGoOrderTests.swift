import ForcePadCore
import ForcePadHAL
import Synchronization
import Testing

@testable import ForcePadApp

/// The loop pushes a stage's event before it writes that stage's GO later in the same period
/// (`trigger = "i2c"`). These tests run the real loop and make the event pump do its work in
/// that window — after the push, before the GO — and check what each GO played.
@Suite struct HapticDriverGoOrderTests {
    typealias ChipBus = SharedByteRegisterBus<SimulatedDRV2605L>
    typealias Session = HapticDriverSession<ChipBus>
    static let peek = try! DRV2605LSequence([.effect(24)])
    static let pop = try! DRV2605LSequence([.effect(1), .wait(milliseconds: 50), .effect(1)])

    /// What the pump does between the loop's push of an event and its GO, and the slots each
    /// GO found.
    final class Interleaving: @unchecked Sendable {
        var beforeGo: () -> Void = {}
        var playedSlots: [[UInt8]] = []
    }

    /// The board's line, then GO over I2C as ``DRV2605LGoLine`` writes it, with the pump's work
    /// forced in just before the GO.
    struct PumpBeforeGoLine: HapticLine, ~Copyable {
        var line: DRV2605LGoLine<SimulatedHapticLine, ChipBus>
        let bus: ChipBus
        let interleaving: Interleaving

        mutating func setActive(_ active: Bool) throws(DeviceError) {
            if active { interleaving.beforeGo() }
            try line.setActive(active)
            if active {
                interleaving.playedSlots.append(bus.withBus { chip in (0x04...0x07).map { chip.value(of: UInt8($0)) } })
            }
        }
    }

    @Test func eachGoPlaysItsOwnStagesSequenceWhenThePumpRunsBeforeIt() throws {
        var description = HapticDriverSessionTests.lra
        description.trigger = .i2c
        let session = try Session(description: description, bus: SharedByteRegisterBus(SimulatedDRV2605L()))
        let effects = ["peek": Self.peek, "pop": Self.pop]
        try session.start(calibration: nil, sequence: HapticDriverStages.first(of: effects))
        let link = LoopLink(initial: LoopSnapshot(
            cellCount: 1, recognizer: Self.recognizer, haptics: Self.haptics))
        let stages = HapticDriverStages(
            driver: session, effects: effects, loopMicros: { link.finishedPeriodMicros.load(ordering: .acquiring) },
            finishedPeriodMicros: { link.finishedPeriodMicros.load(ordering: .acquiring) })
        var events = link.events.takeConsumer()!
        let interleaving = Interleaving()
        interleaving.beforeGo = {
            while let event = events.pop() { _ = stages.follow(event) }
            _ = stages.loadPending()
        }
        let loop = ControlLoop(
            source: SimulatedPad(board: Self.board, simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0)),
            line: PumpBeforeGoLine(
                line: DRV2605LGoLine(line: SimulatedHapticLine(), driver: session.driver, bus: session.bus),
                bus: session.bus, interleaving: interleaving),
            pipeline: ForcePipeline(calibrations: [Self.calibration], geometry: .strip(cells: 1), settings: Self.pipeline),
            recognizer: Self.recognizer, haptics: Self.haptics, patterns: Self.bank, periodMicros: 1000, link: link)
        var clock = ManualClock(startMicros: 0)
        // Peek at 200 g, then pop at 400 g 200 ms later, each held: two stages, two GOs.
        #expect(link.commands.push(LoopCommandEnvelope(
            sequence: 1, command: .simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))))
        for millis in 0..<200 {
            interleaving.beforeGo()
            loop.tick(atMicros: Int64(millis) * 1000, clock: clock, originMicros: 0)
            clock.sleep(untilMicros: Int64(millis + 1) * 1000)
        }
        #expect(link.commands.push(LoopCommandEnvelope(
            sequence: 2, command: .simulate(.press(force: .grams(400), position: .center, holdMicros: 0)))))
        for millis in 200..<400 {
            interleaving.beforeGo()
            loop.tick(atMicros: Int64(millis) * 1000, clock: clock, originMicros: 0)
            clock.sleep(untilMicros: Int64(millis + 1) * 1000)
        }
        #expect(session.bus.withBus { $0.sequencesPlayed } == 2)
        // Peek's sequence (effect 24, terminator), then pop's (1, wait 50 ms, 1, terminator).
        #expect(interleaving.playedSlots == [[24, 0, 0, 0], [1, 0x85, 1, 0]])
    }

    static let calibration = try! CalibrationTable(validating: [
        CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4000, force: .grams(500)),
    ])
    static let pipeline = PipelineSettings(
        filter: .passThrough, spikeRejection: false, touch: .grams(20), contactThreshold: .grams(10),
        averageTouch: .grams(50), baselineShift: 0, tareFrames: 8, tareSpreadLimitCounts: 64)
    static let recognizer = PressRecognizerSettings(
        thresholds: Thresholds(touch: .grams(20), peek: .grams(150), pop: .grams(300)),
        hysteresis: Hysteresis(touch: .grams(5), peek: .grams(15), pop: .grams(20), dwellMicros: 0))
    static let haptics = HapticSchedulerSettings(
        mode: .pulse, lineAccess: .drive, maxOnMicros: 100_000, minOffMicros: 10_000, maxDutyPermille: 1000,
        dutyWindowMicros: 1_000_000)
    static let board = BoardDescription(
        name: "sim", summary: "test", bus: nil,
        adcs: [ADCDescription(model: .sim, address: 0, inputs: [0], dataRate: 0)],
        geometry: .strip(cells: 1), sampleRateHz: 1000,
        haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
        serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
        calibration: calibration, simulation: .standard)
    static var bank: HapticPatternBank {
        try! HapticPatternCatalog(patterns: [
            "peek": HapticPattern(parsing: "on 15ms"), "pop": HapticPattern(parsing: "on 20ms"),
        ]).bank
    }
}
