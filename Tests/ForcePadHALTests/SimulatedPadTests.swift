import ForcePadCore
import ForcePadHAL
import Testing

@Suite struct SimulatedPadTests {
    static let calibration = try! CalibrationTable(validating: [
        CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4000, force: .grams(500)),
    ])

    func board(_ geometry: PadGeometry) -> BoardDescription {
        BoardDescription(
            name: "sim", summary: "test pad", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: Array(0..<geometry.cellCount), dataRate: 0)],
            geometry: geometry, sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: Self.calibration, simulation: .standard)
    }

    func read(_ pad: inout SimulatedPad, at time: Int64) -> [Int32] {
        var frame = RawFrame(cellCount: pad.cellCount)
        try! pad.read(into: &frame, at: time)
        return (0..<pad.cellCount).map { frame.counts[$0] }
    }

    @Test func pressAtTheCentreOfAStripSplitsBetweenTheMiddleCells() {
        var pad = SimulatedPad(board: board(.strip(cells: 4)), simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0))
        _ = pad.apply(.press(force: .grams(200), position: .center, holdMicros: 0), at: 0)
        // 100 g per middle cell is 800 counts on this 8-counts-per-gram table.
        #expect(read(&pad, at: 0) == [0, 800, 800, 0])
    }

    @Test func pressOverACellCentreLoadsOnlyThatCell() {
        var pad = SimulatedPad(board: board(.strip(cells: 4)), simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0))
        _ = pad.apply(.press(force: .grams(100), position: PadPosition(fractionX: 0.125, fractionY: 0.5), holdMicros: 0), at: 0)
        #expect(read(&pad, at: 0) == [800, 0, 0, 0])
    }

    @Test func gridSharesAcrossRowsAndColumns() {
        var pad = SimulatedPad(board: board(.grid(rows: 2, columns: 2)), simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0))
        _ = pad.apply(.press(force: .grams(400), position: .center, holdMicros: 0), at: 0)
        #expect(read(&pad, at: 0) == [800, 800, 800, 800])
    }

    @Test func forceRampsOverTheRiseTimeThenHoldsThenReleases() {
        var pad = SimulatedPad(board: board(.strip(cells: 1)), simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 10_000))
        _ = pad.apply(.press(force: .grams(100), position: .center, holdMicros: 50_000), at: 0)
        #expect(pad.totalForce(at: 5_000) == .grams(50))
        #expect(read(&pad, at: 10_000) == [800])
        #expect(read(&pad, at: 59_999) == [800])
        #expect(read(&pad, at: 60_000) == [800])  // release starts here, from full force
        #expect(read(&pad, at: 65_000) == [400])
        #expect(read(&pad, at: 70_000) == [0])
    }

    @Test func noiseStaysWithinItsAmplitudeAndIsReproducible() {
        let settings = SimulationSettings(noise: .grams(2), seed: 42, riseMicros: 0)
        var first = SimulatedPad(board: board(.strip(cells: 1)), simulation: settings)
        var second = SimulatedPad(board: board(.strip(cells: 1)), simulation: settings)
        _ = first.apply(.press(force: .grams(100), position: .center, holdMicros: 0), at: 0)
        _ = second.apply(.press(force: .grams(100), position: .center, holdMicros: 0), at: 0)
        var seen = Set<Int32>()
        for time in 0..<1000 {
            let counts = read(&first, at: Int64(time))[0]
            #expect(counts == read(&second, at: Int64(time))[0])
            #expect((784...816).contains(counts))  // 100 g ± 2 g at 8 counts per gram
            seen.insert(counts)
        }
        #expect(seen.count > 10)
    }

    /// A seed's frames are the same from one version to the next (boards/sim.toml promises
    /// reproducible frames): a 4-cell strip and a 2×4 grid, each model, with noise, pressed,
    /// slid and released over 3000 frames, summed into a checksum taken from the first version.
    @Test(arguments: [
        (SimulatedSensorModel.ideal, 0xB281_35FA_6528_A5AE as UInt64), (SimulatedSensorModel.physical, 0xC758_D903_918E_8F2E as UInt64),
    ])
    func aSeedsFramesStayTheSame(model: SimulatedSensorModel, checksum: UInt64) {
        var sum: UInt64 = 0
        for geometry in [PadGeometry.strip(cells: 4), .grid(rows: 2, columns: 4)] {
            let settings = SimulationSettings(noise: .grams(3), seed: 7, riseMicros: 20_000, model: model)
            var pad = SimulatedPad(board: board(geometry), simulation: settings)
            let script: [Int: SimulationCommand] = [
                100: .press(force: .grams(180), position: PadPosition(x: 20_000, y: 30_000), holdMicros: 0),
                900: .press(force: .grams(420), position: PadPosition(x: 50_000, y: 40_000), holdMicros: 500_000),
                2200: .press(force: .grams(60), position: .center, holdMicros: 0),
                2600: .release,
            ]
            for millis in 0..<3000 {
                let time = Int64(millis) * 1000
                if let command = script[millis] { _ = pad.apply(command, at: time) }
                for counts in read(&pad, at: time) { sum = (sum &* 0x100_0000_01B3) ^ UInt64(UInt32(bitPattern: counts)) }
            }
        }
        #expect(sum == checksum, "checksum 0x\(String(sum, radix: 16))")
    }
}

/// The physical model (`[sim] model = "physical"`): spread, creep and hysteresis, seeded.
@Suite struct SimulatedPhysicalPadTests {
    /// The sim board's divider curve, counts = 4095 · F / (F + 150 g).
    static let calibration = try! CalibrationTable(validating: [
        (0, 0), (256, 10), (585, 25), (1024, 50), (1638, 100), (2048, 150), (2340, 200), (2730, 300), (2978, 400), (3150, 500),
    ].map { CalibrationPoint(counts: Int32($0.0), force: .grams(Int32($0.1))) })

    static func pad(cells: Int = 1, seed: UInt64 = 1, fsr: SimulatedFSRParameters = .standard) -> SimulatedPad {
        let board = BoardDescription(
            name: "sim", summary: "test pad", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: Array(0..<cells), dataRate: 0)],
            geometry: .strip(cells: cells), sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: calibration, simulation: .standard)
        return SimulatedPad(
            board: board, simulation: SimulationSettings(noise: .zero, seed: seed, riseMicros: 0, model: .physical),
            fsrParameters: fsr)
    }

    /// The force the board's calibration reads from cell 0 at `time`.
    static func estimate(_ pad: inout SimulatedPad, at time: Int64) -> Int32 {
        var frame = RawFrame(cellCount: pad.cellCount)
        try! pad.read(into: &frame, at: time)
        return calibration.force(forCounts: frame.counts[0]).force.milligrams
    }

    static let noCreepOrHysteresis = SimulatedFSRParameters(
        sensitivitySpreadQ16: 9_830, exponentQ16: 58_982, pivotForce: .grams(150),
        creepFractionQ16: 0, creepTimeConstantMicros: 2_000_000, hysteresisFractionQ16: 0)

    @Test func cellsDifferWithinTheSpreadAndTheSeedFixesThem() {
        let pad = Self.pad(cells: 8)
        let sensitivities = pad.cellSensitivitiesQ16
        #expect(sensitivities.count == 8)
        #expect(sensitivities.allSatisfy { (65_536 - 9_830...65_536 + 9_830).contains($0) })
        #expect(Set(sensitivities).count > 4)
        #expect(Self.pad(cells: 8).cellSensitivitiesQ16 == sensitivities)
        #expect(Self.pad(cells: 8, seed: 2).cellSensitivitiesQ16 != sensitivities)
    }

    @Test func theBoardsCalibrationMisreadsACellByItsSensitivity() {
        var pad = Self.pad(fsr: Self.noCreepOrHysteresis)
        let sensitivity = Double(pad.cellSensitivitiesQ16[0]) / 65_536
        _ = pad.apply(.press(force: .grams(150), position: .center, holdMicros: 0), at: 0)
        // At the pivot force the power law is 1: the cell reads 150 g × s, within a count's worth.
        let read = Double(Self.estimate(&pad, at: 0))
        #expect(abs(read - 150_000 * sensitivity) < 600)
        #expect(pad.totalForce(at: 0) == .grams(150))
    }

    @Test func theExponentBendsTheCurveAwayFromThePivot() {
        let curve = SimulatedPhysicalPadTests.noCreepOrHysteresis
        var pad = Self.pad(fsr: SimulatedFSRParameters(
            sensitivitySpreadQ16: 0, exponentQ16: curve.exponentQ16, pivotForce: curve.pivotForce,
            creepFractionQ16: 0, creepTimeConstantMicros: curve.creepTimeConstantMicros, hysteresisFractionQ16: 0))
        _ = pad.apply(.press(force: .grams(400), position: .center, holdMicros: 0), at: 0)
        // 150 g · (400/150)^0.9 = 364.6 g: n < 1 reads heavy forces light.
        let read = Self.estimate(&pad, at: 0)
        #expect((360_000...370_000).contains(read))
    }

    @Test func aHeldLoadCreepsUpFirstOrder() {
        var pad = Self.pad(fsr: SimulatedFSRParameters(
            sensitivitySpreadQ16: 0, exponentQ16: 65_536, pivotForce: .grams(150),
            creepFractionQ16: 2_621, creepTimeConstantMicros: 2_000_000, hysteresisFractionQ16: 0))
        _ = pad.apply(.press(force: .grams(200), position: .center, holdMicros: 0), at: 0)
        var readings: [Int32] = []
        for time in stride(from: Int64(0), through: 10_000_000, by: 1_000) {
            let read = Self.estimate(&pad, at: time)
            if time % 2_000_000 == 0 { readings.append(read) }
        }
        // 4 % of 200 g is 8 g: 63 % of it after one time constant, nearly all after five.
        #expect(abs(readings[0] - 200_000) < 500)
        #expect(abs(readings[1] - 205_060) < 800)
        #expect(abs(readings[5] - 207_950) < 800)
        #expect(readings == readings.sorted())
    }

    @Test func unloadingReadsAboveLoading() {
        var pad = Self.pad(fsr: SimulatedFSRParameters(
            sensitivitySpreadQ16: 0, exponentQ16: 65_536, pivotForce: .grams(150),
            creepFractionQ16: 0, creepTimeConstantMicros: 2_000_000, hysteresisFractionQ16: 6_554))
        var pad2 = pad
        _ = pad.apply(.press(force: .grams(100), position: .center, holdMicros: 0), at: 0)
        let loading = Self.estimate(&pad, at: 0)
        _ = pad2.apply(.press(force: .grams(200), position: .center, holdMicros: 0), at: 0)
        _ = Self.estimate(&pad2, at: 0)
        _ = pad2.apply(.press(force: .grams(100), position: .center, holdMicros: 0), at: 1_000)
        let unloading = Self.estimate(&pad2, at: 1_000)
        // Halfway down from 200 g: 10 % × 100 g × 100/200 = 5 g more than on the way up.
        #expect(abs(loading - 100_000) < 300)
        #expect(abs(unloading - 105_000) < 400)
        // Once fully unloaded, the next press is on the loading branch again.
        _ = pad2.apply(.release, at: 2_000)
        _ = Self.estimate(&pad2, at: 2_000)
        _ = pad2.apply(.press(force: .grams(100), position: .center, holdMicros: 0), at: 3_000)
        #expect(abs(Self.estimate(&pad2, at: 3_000) - 100_000) < 300)
    }

    @Test func eachFramePublishesTheTrueTotal() {
        var pad = Self.pad(cells: 2)
        #expect(pad.truth.latest(loopNowMicros: 0) == nil)
        _ = pad.apply(.press(force: .grams(120), position: .center, holdMicros: 0), at: 0)
        _ = Self.estimate(&pad, at: 7_000)
        #expect(pad.truth.latest(loopNowMicros: 7_400) == ReferenceSample(timeMicros: 7_000, force: .grams(120)))
    }

    @Test func theTruthKeepsItsTimeAcrossTheLow32BitsWrapping() {
        let truth = SimulatedForceTruth()
        let time: Int64 = (1 << 32) - 10
        truth.publish(.grams(5), atMicros: time)
        #expect(truth.latest(loopNowMicros: time + 30) == ReferenceSample(timeMicros: time, force: .grams(5)))
    }
}
