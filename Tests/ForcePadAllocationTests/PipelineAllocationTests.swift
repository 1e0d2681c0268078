import ForcePadCore
import ForcePadHAL
import Glibc
import Testing

/// The real-time path never touches the heap. ``ForcePipeline/process(_:)`` with every
/// filter and with a tare in progress, and ``ControlLoop/tick(atMicros:clock:originMicros:)``
/// on the sim board (alone, and while a reference sensor's reader thread fills the link's
/// reference ring), each counted over thousands of frames after warm-up, make exactly zero
/// allocations.
@Suite(.serialized) struct PipelineAllocationTests {
    static let cellCount = 8
    static let frameCount = 10_000

    /// The `sim` board's curve (boards/sim.toml).
    static let calibration = try! CalibrationTable(validating: [
        (0, 0), (256, 10), (585, 25), (1024, 50), (1638, 100), (2048, 150), (2340, 200), (2730, 300), (2978, 400), (3150, 500),
    ].map { CalibrationPoint(counts: $0.0, force: .grams($0.1)) })

    /// The standard settings with a `kind` filter at 30 Hz (at rest, for the one-euro).
    static func settings(_ kind: FilterKind) -> PipelineSettings {
        var controller = ControllerSettings.standard
        controller.filter.kind = kind
        controller.filter.cutoffMilliHertz = 30_000
        return PipelineSettings(settings: controller, sampleRateHz: 1000)
    }

    static func pipeline(_ kind: FilterKind) -> ForcePipeline {
        ForcePipeline(
            calibrations: Array(repeating: calibration, count: cellCount), geometry: .strip(cells: cellCount),
            settings: settings(kind))
    }

    /// Frame `index` of a trace that presses two cells, releases, and repeats some
    /// conversions (stale), so every branch of the pipeline runs.
    static func frame(_ index: Int) -> RawFrame {
        var raw = RawFrame(cellCount: cellCount)
        let pressed = (index / 500) % 2 == 1
        for cell in 0..<cellCount {
            let wobble = Int32(truncatingIfNeeded: (index &* 7 &+ cell &* 13) % 9) - 4
            raw.counts[cell] = pressed && (cell == 3 || cell == 4) ? 2_400 + wobble : 20 + wobble
        }
        raw.timeMicros = Int64(index) * 1000
        raw.sequence = UInt64(index)
        raw.isStale = index % 7 == 3
        return raw
    }

    /// Frames prepared before counting, so building them is not counted.
    static let frames = (0..<frameCount).map(frame)

    /// Runs `frames[range]` through `pipeline` and returns the sum of the totals (mg).
    /// Indexes instead of `for … in`: an unoptimised build allocates a temporary per element
    /// in the iterator for an element this large, and that is not the pipeline's doing.
    static func run(_ pipeline: inout ForcePipeline, _ range: Range<Int>) -> Int64 {
        var checksum: Int64 = 0
        var index = range.lowerBound
        while index < range.upperBound {
            var raw = frames[index]
            pipeline.process(&raw)
            checksum &+= Int64(pipeline.output.total.milligrams)
            index += 1
        }
        return checksum
    }

    @Test func theCounterSeesAnAllocationOnThisThread() {
        var kept: [Int] = []
        let allocations = ThreadAllocationCounter.allocations {
            kept = Array(repeating: 7, count: 1_000)
        }
        #expect(allocations >= 1)
        #expect(ThreadAllocationCounter.processAllocations >= allocations)
        #expect(kept.count == 1_000)
    }

    @Test(arguments: FilterKind.allCases)
    func processDoesNotAllocate(kind: FilterKind) {
        var pipeline = Self.pipeline(kind)
        var checksum = Self.run(&pipeline, 0..<1_000)
        let allocations = ThreadAllocationCounter.allocations {
            checksum &+= Self.run(&pipeline, 0..<Self.frameCount)
        }
        #expect(allocations == 0, "\(allocations) allocations in \(Self.frameCount) frames")
        #expect(checksum != 0)
    }

    /// The largest pad, a 16×16 grid (the wide contact pass), pressed by two fingers that move
    /// row by row, with every filter.
    @Test(arguments: FilterKind.allCases)
    func processDoesNotAllocateOnTheLargestPad(kind: FilterKind) {
        let side = 16, cells = BoardDescription.maxCells
        var pipeline = ForcePipeline(
            calibrations: Array(repeating: Self.calibration, count: cells), geometry: .grid(rows: side, columns: side),
            settings: Self.settings(kind))
        let frames = (0..<2_000).map { index in
            var raw = RawFrame(cellCount: cells)
            let row = index / 100 % side
            for cell in 0..<cells {
                let pressed = (index / 250) % 2 == 1 && cell / side == row && (cell % side == 3 || cell % side == 11)
                raw.counts[cell] = pressed ? 2_400 : 20 + Int32(truncatingIfNeeded: (index &* 7 &+ cell &* 13) % 9) - 4
            }
            raw.timeMicros = Int64(index) * 1000
            raw.sequence = UInt64(index)
            return raw
        }
        /// The frames of `range` through the pipeline; the number of frames with two contacts.
        func run(_ range: Range<Int>) -> Int {
            var twoContacts = 0
            var index = range.lowerBound
            while index < range.upperBound {
                var raw = frames[index % frames.count]
                pipeline.process(&raw)
                if pipeline.output.contacts == 2 { twoContacts += 1 }
                index += 1
            }
            return twoContacts
        }
        _ = run(0..<1_000)
        var twoContacts = 0
        let allocations = ThreadAllocationCounter.allocations { twoContacts = run(1_000..<5_000) }
        #expect(allocations == 0, "\(allocations) allocations in 4000 frames of \(cells) cells")
        #expect(twoContacts > 1_000, "the two fingers were seen apart")
    }

    @Test(arguments: [FilterKind.onePole, .biquad, .oneEuro])
    func processDoesNotAllocateWhileTaring(kind: FilterKind) {
        // Warm-up runs a whole tare on a copy first: the first tare instantiates generic
        // metadata, which allocates once in an unoptimised build (run alone, this test is the
        // first to tare).
        var warmUp = Self.pipeline(kind)
        _ = Self.run(&warmUp, 0..<1_100)
        warmUp.startTare()
        _ = Self.run(&warmUp, 1_100..<1_400)
        #expect(warmUp.tareOutcome == .done)
        var pipeline = Self.pipeline(kind)
        // Ends after 100 untouched frames (the press of frames 500–999 has decayed).
        _ = Self.run(&pipeline, 0..<1_100)
        var completed = TareOutcome.none, interrupted = TareOutcome.none
        let allocations = ThreadAllocationCounter.allocations {
            // A tare on the untouched pad completes; one that the press at frame 1 500 interrupts is refused.
            pipeline.startTare()
            _ = Self.run(&pipeline, 1_100..<1_400)
            completed = pipeline.tareOutcome
            pipeline.startTare()
            _ = Self.run(&pipeline, 1_400..<1_700)
            interrupted = pipeline.tareOutcome
        }
        #expect(allocations == 0, "\(allocations) allocations while taring")
        #expect(completed == .done)
        if case .refusedTouched = interrupted {} else { Issue.record("the interrupted tare ended \(interrupted)") }
    }

    /// With either sensor model, with the simulated reference sensor read on its own thread
    /// from the truth the pad publishes each tick, the simulated accelerometer read on its own
    /// thread from the line's edges (each edge one ring push), and with and without a DRV2605L's stage
    /// sequences (their line patterns are one edge of trigger_width each; the loop never
    /// talks to the driver).
    /// The largest pad (a 16×16 grid, the contact analyser's wide pass) is ticked too.
    @Test(arguments: [
        (SimulatedSensorModel.ideal, false, PadGeometry.strip(cells: Self.cellCount)), (.physical, false, .strip(cells: Self.cellCount)),
        (.ideal, true, .strip(cells: Self.cellCount)), (.physical, true, .strip(cells: Self.cellCount)),
        (.physical, true, .grid(rows: 16, columns: 16)),
    ])
    func controlLoopTickDoesNotAllocate(model: SimulatedSensorModel, withDriverSequences: Bool, geometry: PadGeometry) throws {
        let cellCount = geometry.cellCount
        let board = BoardDescription(
            name: "sim", summary: "allocation test", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: Array(0..<cellCount), dataRate: 0)],
            geometry: geometry, sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: Self.calibration, simulation: .standard)
        var controller = ControllerSettings.standard
        if withDriverSequences {
            controller.haptics.effects = ["peek": try! DRV2605LSequence([.effect(24)]), "pop": try! DRV2605LSequence([.effect(1)])]
            for stage in ["peek", "pop"] {
                controller.haptics.patterns[stage] = HapticSettings.edgePattern(widthMicros: controller.haptics.triggerWidthMicros)
            }
        }
        let recognizer = PressRecognizerSettings.standard
        let haptics = HapticSchedulerSettings(controller.haptics)
        let settings = PipelineSettings(settings: controller, sampleRateHz: board.sampleRateHz)
        let link = LoopLink(initial: LoopSnapshot(cellCount: cellCount, recognizer: recognizer, haptics: haptics))
        // Each idle cell's noise, floored at 0, adds up in the total (docs/boards.md): 1 g on 256
        // cells would hold the total above the touch threshold, so the press never ended.
        let noise: Force = cellCount > 64 ? Force(milligrams: 50) : .grams(1)
        let pad = SimulatedPad(board: board, simulation: SimulationSettings(noise: noise, seed: 1, riseMicros: 20_000, model: model))
        link.originMicros.store(MonotonicClock().nowMicros(), ordering: .releasing)
        let reader = ReferenceReader(
            source: SimulatedReferenceSource(truth: pad.truth, link: link, settings: .standard, seed: 1), link: link)
        try reader.start()
        defer { reader.stop() }
        let actuator = SimulatedActuatorInput()
        let accelerometer = AccelerometerReader(
            source: SimulatedAccelerometerSource(
                input: actuator, actuator: .lra(resonanceHz: 175, quality: 10), ratedMilliG: 1200, range: .fourG, playback: nil, seed: 1)!,
            link: link)
        try accelerometer.start()
        defer { accelerometer.stop() }
        let loop = ControlLoop(
            source: pad,
            line: SimulatedHapticLine(actuator: actuator),
            pipeline: ForcePipeline(
                calibrations: Array(repeating: Self.calibration, count: cellCount), geometry: board.geometry, settings: settings),
            recognizer: recognizer, haptics: haptics, patterns: try! HapticPatternCatalog(patterns: controller.haptics.patterns).bank,
            periodMicros: 1000, link: link)
        var snapshots = link.snapshots.takeReader()!
        let clock = ManualClock()
        var tick = 0
        var sequence: UInt64 = 0
        func queue(_ commands: [LoopCommand]) {
            for command in commands {
                sequence += 1
                #expect(link.commands.push(LoopCommandEnvelope(sequence: sequence, command: command)))
            }
        }
        // Commands the loop applies between frames. The press goes through peek and pop, so
        // the recogniser fires and the haptic patterns play.
        var biquad = settings
        biquad.filter = Self.settings(.biquad).filter
        let commands: [LoopCommand] = [
            .tare, .simulate(.press(force: .grams(400), position: PadPosition(fractionX: 0.3, fractionY: 0.5), holdMicros: 200_000)),
            .apply(LoopSettings(recognizer: recognizer, pipeline: biquad, haptics: haptics)),
        ]
        // Warm-up runs every path once: the first use of a generic type instantiates its
        // metadata, which allocates once in an unoptimised build.
        queue(commands)
        while tick < 1_000 {
            link.ask(.snapshot)
            loop.tick(atMicros: Int64(tick) * 1000, clock: clock, originMicros: 0)
            tick += 1
        }
        // The counted loop reads the snapshot; its first read instantiates the metadata of the
        // snapshot's inline arrays in an unoptimised build, so warm-up reads it once too.
        _ = snapshots.latest()
        queue(commands)
        var peak = Force.zero
        var hapticActivations = 0
        let allocations = ThreadAllocationCounter.allocations {
            while tick < 1_000 + Self.frameCount {
                // Asked for every period: the snapshot's filling and publication are counted too.
                link.ask(.snapshot)
                loop.tick(atMicros: Int64(tick) * 1000, clock: clock, originMicros: 0)
                let snapshot = snapshots.latest()
                peak = max(peak, snapshot.force.total)
                if snapshot.hapticLineActive { hapticActivations += 1 }
                tick += 1
            }
        }
        #expect(allocations == 0, "\(allocations) allocations in \(Self.frameCount) ticks")
        #expect(snapshots.latest().appliedCommand == sequence)
        #expect(peak > .grams(300))
        #expect(hapticActivations > 0)
        reader.stop()
        #expect(reader.samplesRead.load(ordering: .relaxed) > 0)
    }
}
