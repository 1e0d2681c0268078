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
}
