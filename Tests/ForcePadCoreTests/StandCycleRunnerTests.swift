import ForcePadCore
import Testing

/// The presses of a stand trial, one status at a time: down, dwell, up, again; a press by
/// force stops at its force; the move up waits for an idle crosshead.
@Suite struct StandCycleRunnerTests {
    @Test func aPressByTravelGoesDownDwellsAndComesBack() {
        var runner = StandCycleRunner(
            plan: StandCycles(count: 2, speed: 60_000, depth: .travel(3_000), dwellMicros: 100_000, returnTravel: 500), deepest: 6_000)
        #expect(runner.next(state: .idle, travel: 500, force: nil, nowMicros: 0) == .move(travel: 3_000, speed: 60_000))
        #expect(runner.next(state: .moving, travel: 1_500, force: nil, nowMicros: 10_000) == nil)
        #expect(runner.next(state: .idle, travel: 3_000, force: nil, nowMicros: 20_000) == nil)
        #expect(runner.next(state: .idle, travel: 3_000, force: nil, nowMicros: 30_000) == nil)
        #expect(runner.next(state: .idle, travel: 3_000, force: nil, nowMicros: 129_999) == nil)
        #expect(runner.next(state: .idle, travel: 3_000, force: nil, nowMicros: 130_000) == .move(travel: 500, speed: 60_000))
        #expect(runner.next(state: .moving, travel: 2_000, force: nil, nowMicros: 140_000) == nil)
        #expect(runner.done == 0)
        #expect(runner.next(state: .idle, travel: 500, force: nil, nowMicros: 150_000) == .move(travel: 3_000, speed: 60_000))
        #expect(runner.done == 1)
    }

    @Test func aPressByForceStopsAtItsForceAndWaitsForTheHoldToClear() {
        var runner = StandCycleRunner(
            plan: StandCycles(count: 1, speed: 60_000, depth: .force(.grams(200)), dwellMicros: 0, returnTravel: 0), deepest: 6_000)
        #expect(runner.next(state: .idle, travel: 0, force: .zero, nowMicros: 0) == .move(travel: 6_000, speed: 60_000))
        #expect(runner.next(state: .moving, travel: 2_500, force: .grams(100), nowMicros: 10_000) == nil)
        #expect(runner.next(state: .moving, travel: 3_000, force: .grams(201), nowMicros: 20_000) == .stop)
        #expect(runner.next(state: .held, travel: 3_010, force: .grams(203), nowMicros: 30_000) == nil)
        #expect(runner.next(state: .idle, travel: 3_010, force: .grams(203), nowMicros: 40_000) == .move(travel: 0, speed: 60_000))
        #expect(runner.next(state: .idle, travel: 0, force: .zero, nowMicros: 50_000) == nil)
        #expect(runner.isFinished)
        #expect(runner.done == 1)
    }
}
