import ForcePadCore
import Testing

@testable import ForcePadHAL

/// What the loop hands the edge watcher through the link: its origin on the monotonic clock,
/// and the stage whose pattern it is about to raise the line for.
@Suite struct HapticEdgeHandOffTests {
    @Test func theLoopPublishesItsOriginWhenItStarts() {
        let harness = ControlLoopTests.Harness()
        #expect(harness.link.originMicros.load(ordering: .relaxed) == -1)
        harness.box.now = 7_250_000
        harness.link.stopRequested.store(true, ordering: .relaxed)
        var clock = BoxedClock(box: harness.box)
        harness.loop.run(clock: &clock)
        #expect(harness.link.originMicros.load(ordering: .relaxed) == 7_250_000)
    }

    @Test func theStageIsPendingFromTheGPIOCallThatRaisesTheLineForIt() {
        var harness = ControlLoopTests.Harness()
        harness.send(.simulate(.press(force: .grams(200), position: .center, holdMicros: 100_000)))
        harness.run(fromMillis: 0, toMillis: 3)
        #expect(harness.record.values == [true])
        #expect(harness.link.pendingStageEdgeMicros.load(ordering: .relaxed) == 0)
    }

    @Test func nothingIsPendingWhenTheLineIsNotDriven() {
        var dryRun = ControlLoopTests.haptics
        dryRun.lineAccess = .dryRun
        var harness = ControlLoopTests.Harness(haptics: dryRun)
        harness.send(.simulate(.press(force: .grams(200), position: .center, holdMicros: 100_000)))
        harness.run(fromMillis: 0, toMillis: 3)
        #expect(harness.record.values.isEmpty)
        #expect(harness.link.pendingStageEdgeMicros.load(ordering: .relaxed) == -1)
    }

    @Test func aTestPatternLeavesNoStagePending() throws {
        var harness = ControlLoopTests.Harness()
        harness.send(.playPattern(HapticPatternID(rawValue: 9), CompiledHapticPattern(try HapticPattern(parsing: "on 5ms"))))
        harness.run(fromMillis: 0, toMillis: 3)
        #expect(harness.record.values == [true])
        #expect(harness.link.pendingStageEdgeMicros.load(ordering: .relaxed) == -1)
    }
}
