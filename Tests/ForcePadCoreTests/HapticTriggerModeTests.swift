import ForcePadCore
import Testing

/// Trigger-edge and trigger-level modes, for a DRV2605 IN/TRIG input.
@Suite struct HapticTriggerModeTests {
    private func settings(_ mode: HapticOutputMode, triggerWidthMicros: Int64 = 1000) -> HapticSchedulerSettings {
        var settings = HapticSchedulerSettings(.standard)
        settings.triggerWidthMicros = triggerWidthMicros
        settings.mode = mode
        return settings
    }

    @Test func triggerEdgeGivesOneShortPulsePerStageWhateverThePattern() throws {
        let peek = try compiledPattern("on 15ms")
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: settings(.triggerEdge))
        let run = scheduler.run(through: 100, actions: [
            5: { $0.trigger(peek, id: .peek, atMicros: 5000) },
            40: { $0.trigger(pop, id: .pop, atMicros: 40_000) },
        ])
        #expect(run.edges == ["5ms on", "6ms off", "40ms on", "41ms off"])
        #expect(run.events == [.on(5, .peek), .off(6, .peek), .on(40, .pop), .off(41, .pop)])
        #expect(scheduler.counters.pulses == 2)
    }

    /// Peek's edge is over after 1 ms, so pop's edge comes in pop's own period from 2 ms on;
    /// 1 ms after peek it comes one period late, once the line has been off for a period.
    @Test func triggerEdgeForPopIsNotHeldBackByMinOff() throws {
        let peek = try compiledPattern("on 15ms")
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: settings(.triggerEdge))
        let run = scheduler.run(through: 100, actions: [
            5: { $0.trigger(peek, id: .peek, atMicros: 5000) },
            7: { $0.trigger(pop, id: .pop, atMicros: 7000) },
            40: { $0.trigger(peek, id: .peek, atMicros: 40_000) },
            41: { $0.trigger(pop, id: .pop, atMicros: 41_000) },
        ])
        #expect(run.edges == ["5ms on", "6ms off", "7ms on", "8ms off", "40ms on", "41ms off", "42ms on", "43ms off"])
        #expect(scheduler.counters.delayedByMinOff == 0 && scheduler.counters.stagesDelayedOnePeriod == 1)
    }

    @Test func triggerEdgeWidthIsConfigurable() throws {
        var scheduler = HapticScheduler(settings: settings(.triggerEdge, triggerWidthMicros: 3000))
        let peek = try compiledPattern("on 15ms")
        let run = scheduler.run(through: 20, actions: [5: { $0.trigger(peek, id: .peek, atMicros: 5000) }])
        #expect(run.edges == ["5ms on", "8ms off"])
    }

    @Test func triggerLevelHoldsTheLineUntilTheStageIsReleased() throws {
        let peek = try compiledPattern("on 15ms")
        var scheduler = HapticScheduler(settings: settings(.triggerLevel))
        let run = scheduler.run(through: 100, actions: [
            5: { $0.trigger(peek, id: .peek, atMicros: 5000) },
            40: { $0.stageReleased(atMicros: 40_000) },
        ])
        #expect(run.edges == ["5ms on", "40ms off"])
        #expect(run.events == [.on(5, .peek), .off(40, .peek)])
    }

    @Test func triggerLevelDropsAndRaisesTheLineForPop() throws {
        let peek = try compiledPattern("on 15ms")
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: settings(.triggerLevel))
        let run = scheduler.run(through: 100, actions: [
            5: { $0.trigger(peek, id: .peek, atMicros: 5000) },
            30: { $0.trigger(pop, id: .pop, atMicros: 30_000) },
            80: { $0.stageReleased(atMicros: 80_000) },
        ])
        #expect(run.edges == ["5ms on", "30ms off", "31ms on", "80ms off"])
        #expect(run.events == [.on(5, .peek), .off(30, .peek), .on(31, .pop), .off(80, .pop)])
        #expect(scheduler.counters.stagesDelayedOnePeriod == 1)
        #expect(scheduler.counters.delayedByMinOff == 0)
    }

    @Test func triggerLevelIsCutAtMaxOn() throws {
        var scheduler = HapticScheduler(settings: settings(.triggerLevel))
        let peek = try compiledPattern("on 15ms")
        let run = scheduler.run(through: 300, actions: [
            0: { $0.trigger(peek, id: .peek, atMicros: 0) },
            200: { $0.stageReleased(atMicros: 200_000) },
        ])
        #expect(run.edges == ["0ms on", "100ms off"])
        #expect(scheduler.counters.cutByMaxOn == 1)
    }

    @Test func aReleaseBeforeTheDelayedLevelStartsDropsIt() throws {
        let peek = try compiledPattern("on 15ms")
        let pop = try compiledPattern("on 20ms")
        var scheduler = HapticScheduler(settings: settings(.triggerLevel))
        let run = scheduler.run(through: 100, actions: [
            0: { $0.trigger(peek, id: .peek, atMicros: 0) },
            20: {
                $0.trigger(pop, id: .pop, atMicros: 20_000)
                $0.stageReleased(atMicros: 20_000)
            },
        ])
        #expect(run.edges == ["0ms on", "20ms off"])
        #expect(run.events == [.on(0, .peek), .off(20, .peek)])
        #expect(!scheduler.isPlaying)
    }

    @Test func pulseModeIgnoresStageReleases() throws {
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: settings(.pulse))
        let run = scheduler.run(through: 100, actions: [
            0: { $0.trigger(pop, id: .pop, atMicros: 0) },
            5: { $0.stageReleased(atMicros: 5000) },
        ])
        #expect(run.edges == ["0ms on", "20ms off", "50ms on", "70ms off"])
    }
}
