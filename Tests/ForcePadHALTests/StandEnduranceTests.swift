import ForcePadCore
import Testing

@testable import ForcePadHAL

/// Ten thousand presses of the simulated stand, driven by ``StandCycleRunner`` through the
/// G-code protocol's text, on a manual clock (no pseudo-terminal, no sleeping): every cycle
/// reaches its depth and comes back, none is lost or doubled, the crosshead never leaves the
/// board's travel, and the run's stand time is what a real run of it would take.
@Suite struct StandEnduranceTests {
    @Test func tenThousandCyclesOnTheSimulatedStand() {
        let spring = SimulatedStandSettings(acceleration: 500_000, contact: 2_000, stiffness: 200, snapAt: 800, snapWidth: 150, snapDrop: .grams(60))
        var stand = SimulatedStand(model: .gcode, settings: spring, startTravel: 0)
        let plan = StandCycles(count: 10_000, speed: 600_000, depth: .travel(4_200), dwellMicros: 0, returnTravel: 1_800)
        var runner = StandCycleRunner(plan: plan, deepest: 6_000)
        let periodMicros: Int64 = 20_000
        var now: Int64 = 0
        var deepestEach: [Int64] = []
        var deepest: Int64 = 0
        var shallowest: Int64 = .max
        var wasDown = false
        while !runner.isFinished, now < 3 * 3_600_000_000 {
            for _ in 0..<20 {
                _ = stand.advance(seconds: 0.001)
                deepest = max(deepest, stand.travel)
                shallowest = min(shallowest, stand.travel)
            }
            now += periodMicros
            guard case .status(let status)? = stand.receive([GCodeProtocol.statusQuery], nowMicros: now).first.map(GCodeProtocol.reply) else {
                Issue.record("no status report at \(now) µs")
                return
            }
            let down = status.travel.map { $0 > 3_000 } ?? false
            if wasDown, !down {
                deepestEach.append(deepest)
                deepest = 0
            }
            wasDown = down
            switch runner.next(state: status.state, travel: status.travel, force: stand.force, nowMicros: now) {
            case .move(let travel, let speed)?:
                #expect(stand.receive(Array((GCodeProtocol.move(toTravel: travel, speed: speed) + "\n").utf8), nowMicros: now) == ["ok"])
            case .stop?:
                _ = stand.receive([GCodeProtocol.feedHold], nowMicros: now)
            case nil:
                break
            }
        }
        #expect(runner.isFinished)
        #expect(runner.done == 10_000)
        #expect(deepestEach.count == 10_000)
        #expect(deepestEach.allSatisfy { abs($0 - 4_200) <= 1 }, "\(deepestEach.filter { abs($0 - 4_200) > 1 }.prefix(5))")
        #expect(shallowest >= 0)
        // The stand time of the whole run: 2 × 2.4 mm at 10 mm/s, the accelerations and a few
        // command periods each cycle: 0.54 s a cycle, 90 minutes in all.
        let perCycle = now / 10_000
        #expect(perCycle > 480_000 && perCycle < 700_000, "\(perCycle) µs a cycle, \(now / 60_000_000) min in all")
    }
}
