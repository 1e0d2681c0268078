import ForcePadCore
import Testing

/// Disabled haptics keep the line off and a dry run never touches it; both still report events.
@Suite struct HapticLineAccessTests {
    private func scheduler(_ access: HapticLineAccess) -> HapticScheduler {
        var settings = HapticSchedulerSettings(.standard)
        settings.lineAccess = access
        return HapticScheduler(settings: settings)
    }

    @Test(arguments: [HapticLineAccess.keepOff, .dryRun])
    func eventsAreReportedButTheLineNeverMoves(access: HapticLineAccess) throws {
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var quiet = scheduler(access)
        let run = quiet.run(through: 100, actions: [5: { $0.trigger(pop, id: .pop, atMicros: 5000) }])
        #expect(run.edges.isEmpty)
        #expect(run.events == [.on(5, .pop), .off(25, .pop), .on(55, .pop), .off(75, .pop)])
        #expect(quiet.counters.pulses == 2)

        var buffer = HapticEventBuffer()
        quiet.trigger(pop, id: .pop, atMicros: 200_000)
        #expect(quiet.advance(toMicros: 200_000, into: &buffer) == nil)
        #expect(quiet.forceOff(atMicros: 201_000, into: &buffer) == nil)
        #expect(Array(buffer) == [.on(200, .pop), .off(201, .pop)])
    }

    @Test func onlyADryRunKeepsTheLoopAwayFromTheLine() {
        #expect(HapticLineAccess.drive.touchesLine)
        #expect(HapticLineAccess.keepOff.touchesLine)
        #expect(!HapticLineAccess.dryRun.touchesLine)
    }

    @Test func aLineLeftOnIsTurnedOffWhenTheAccessChanges() throws {
        var live = scheduler(.drive)
        var buffer = HapticEventBuffer()
        live.trigger(try compiledPattern("on 50ms"), id: .peek, atMicros: 0)
        #expect(live.advance(toMicros: 0, into: &buffer) == .rising)
        live.settings.lineAccess = .dryRun
        #expect(live.advance(toMicros: 1000, into: &buffer) == .falling)
        #expect(live.advance(toMicros: 50_000, into: &buffer) == nil)
        #expect(Array(buffer) == [.on(0, .peek), .off(50, .peek)])
    }

    @Test func settingsComeFromTheConfiguration() {
        var haptics = HapticSettings.standard
        #expect(HapticSchedulerSettings(haptics) == HapticSchedulerSettings(
            mode: .pulse, lineAccess: .drive, maxOnMicros: 100_000, minOffMicros: 10_000, maxDutyPermille: 500,
            dutyWindowMicros: 1_000_000, triggerWidthMicros: 1000))
        haptics.dryRun = true
        #expect(HapticSchedulerSettings(haptics).lineAccess == .dryRun)
        haptics.dryRun = false
        haptics.enabled = false
        haptics.mode = .triggerEdge
        haptics.triggerWidthMicros = 2000
        let disabled = HapticSchedulerSettings(haptics)
        #expect(disabled.lineAccess == .keepOff)
        #expect(disabled.mode == .triggerEdge)
        #expect(disabled.triggerWidthMicros == 2000)
        haptics.dryRun = true
        #expect(HapticSchedulerSettings(haptics).lineAccess == .dryRun)
    }
}
