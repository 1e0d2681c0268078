import ForcePadCore
import Testing

/// `text` parsed and compiled, as the loop receives it.
func compiledPattern(_ text: String) throws -> CompiledHapticPattern {
    CompiledHapticPattern(try HapticPattern(parsing: text))
}

extension HapticEvent {
    /// `haptic.on` at `millis` ms.
    static func on(_ millis: Int64, _ pattern: HapticPatternID) -> HapticEvent {
        .on(atMicros: millis * 1000, pattern: pattern)
    }

    /// `haptic.off` at `millis` ms.
    static func off(_ millis: Int64, _ pattern: HapticPatternID) -> HapticEvent {
        .off(atMicros: millis * 1000, pattern: pattern)
    }
}

extension HapticScheduler {
    /// Runs 1 ms loop periods from `fromMillis` through `throughMillis` on a manual clock: each
    /// period first does its `actions` (triggers, releases), then advances. Returns the line's
    /// edges as "5ms on" / "25ms off" and every event.
    mutating func run(
        from fromMillis: Int64 = 0, through throughMillis: Int64,
        actions: [Int64: (inout HapticScheduler) -> Void] = [:]
    ) -> (edges: [String], events: [HapticEvent]) {
        var edges: [String] = []
        var events: [HapticEvent] = []
        var buffer = HapticEventBuffer()
        for millis in fromMillis...throughMillis {
            actions[millis]?(&self)
            buffer.removeAll()
            if let edge = advance(toMicros: millis * 1000, into: &buffer) {
                edges.append("\(millis)ms \(edge == .rising ? "on" : "off")")
            }
            events += buffer
        }
        return (edges, events)
    }
}

@Suite struct HapticSchedulerTests {
    @Test func pulseModeDrivesTheLineForEachOnStep() throws {
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        let run = scheduler.run(through: 100, actions: [5: { $0.trigger(pop, id: .pop, atMicros: 5000) }])
        #expect(run.edges == ["5ms on", "25ms off", "55ms on", "75ms off"])
        #expect(run.events == [.on(5, .pop), .off(25, .pop), .on(55, .pop), .off(75, .pop)])
        #expect(scheduler.counters.pulses == 2)
        #expect(!scheduler.isPlaying && !scheduler.lineIsActive)
    }

    /// The shipped patterns and limits: a pop 3 ms after peek finds peek's pulse over and
    /// the line off for a period, so pop's pattern starts in pop's own period.
    @Test func popThreeMillisecondsAfterPeekStartsInItsOwnPeriodWithTheDefaults() throws {
        let catalog = try HapticPatternCatalog(patterns: HapticSettings.standardPatterns)
        let peek = try #require(catalog.bank[.peek])
        let pop = try #require(catalog.bank[.pop])
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        let run = scheduler.run(through: 120, actions: [
            10: { $0.trigger(peek, id: .peek, atMicros: 10_000) },
            13: { $0.trigger(pop, id: .pop, atMicros: 13_000) },
        ])
        #expect(run.edges == ["10ms on", "12ms off", "13ms on", "33ms off", "63ms on", "83ms off"])
        #expect(run.events == [.on(10, .peek), .off(12, .peek), .on(13, .pop), .off(33, .pop), .on(63, .pop), .off(83, .pop)])
        #expect(scheduler.counters.delayedByMinOff == 0 && scheduler.counters.stagesDelayedOnePeriod == 0)
        #expect(scheduler.counters.replaced == 0 && scheduler.counters.pulses == 3)
    }

    /// Whatever the gap after peek with the shipped settings, pop's pattern starts in pop's
    /// period, or in the next one when peek's pulse is still on: never later.
    @Test func popIsNeverMoreThanOnePeriodLateWithTheDefaults() throws {
        let catalog = try HapticPatternCatalog(patterns: HapticSettings.standardPatterns)
        let peek = try #require(catalog.bank[.peek])
        let pop = try #require(catalog.bank[.pop])
        for gap: Int64 in 0...40 {
            var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
            var actions: [Int64: (inout HapticScheduler) -> Void] = [10: { $0.trigger(peek, id: .peek, atMicros: 10_000) }]
            actions[10 + gap] = { scheduler in
                if gap == 0 { scheduler.trigger(peek, id: .peek, atMicros: 10_000) }
                scheduler.trigger(pop, id: .pop, atMicros: (10 + gap) * 1000)
            }
            let popOn = scheduler.run(through: 150, actions: actions).events.first { $0 == .on(atMicros: $0.timeMicros, pattern: .pop) }
            let late: Int64 = gap == 1 || gap == 2 ? 1 : 0
            #expect(popOn == .on(10 + gap + late, .pop), "pop \(gap) ms after peek")
            #expect(scheduler.counters.stagesDelayedOnePeriod == UInt64(late), "pop \(gap) ms after peek")
        }
    }

    @Test func popDuringPeeksPulseCutsItAndStartsInTheNextPeriod() throws {
        let peek = try compiledPattern("on 15ms")
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        let run = scheduler.run(through: 100, actions: [
            0: { $0.trigger(peek, id: .peek, atMicros: 0) },
            8: { $0.trigger(pop, id: .pop, atMicros: 8000) },
        ])
        #expect(run.edges == ["0ms on", "8ms off", "9ms on", "29ms off", "59ms on", "79ms off"])
        #expect(run.events == [.on(0, .peek), .off(8, .peek), .on(9, .pop), .off(29, .pop), .on(59, .pop), .off(79, .pop)])
        #expect(scheduler.counters.replaced == 1)
        #expect(scheduler.counters.stagesDelayedOnePeriod == 1)
        #expect(scheduler.counters.delayedByMinOff == 0)
        #expect(scheduler.counters.pulses == 3)
    }

    /// `min_off` holds back neither a stage after a pulse that has ended nor a stab.
    @Test func aStageStartsAtOnceAfterAPulseThatHasEnded() throws {
        let peek = try compiledPattern("on 15ms")
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        let run = scheduler.run(through: 200, actions: [
            0: { $0.trigger(peek, id: .peek, atMicros: 0) },
            16: { $0.trigger(pop, id: .pop, atMicros: 16_000) },
            87: {
                $0.trigger(peek, id: .peek, atMicros: 87_000)
                $0.trigger(pop, id: .pop, atMicros: 87_000)
            },
        ])
        #expect(run.edges == ["0ms on", "15ms off", "16ms on", "36ms off", "66ms on", "86ms off", "87ms on", "107ms off", "137ms on", "157ms off"])
        #expect(scheduler.counters.delayedByMinOff == 0 && scheduler.counters.stagesDelayedOnePeriod == 0)
    }

    /// Patterns that are not a stage's (a `haptic test` in quotes, the menu's) still wait
    /// for `min_off`.
    @Test func otherPatternsStillWaitTheMinimumOffTime() throws {
        let peek = try compiledPattern("on 15ms")
        let tick = try compiledPattern("on 3ms")
        let menuTick = HapticPatternID(rawValue: 3)
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        let run = scheduler.run(through: 100, actions: [
            0: { $0.trigger(peek, id: .peek, atMicros: 0) },
            8: { $0.trigger(tick, id: menuTick, atMicros: 8000) },
        ])
        #expect(run.edges == ["0ms on", "8ms off", "18ms on", "21ms off"])
        #expect(run.events == [.on(0, .peek), .off(8, .peek), .on(18, menuTick), .off(21, menuTick)])
        #expect(scheduler.counters.delayedByMinOff == 1 && scheduler.counters.stagesDelayedOnePeriod == 0)
    }

    @Test func peekAndPopInOnePeriodPlayOnlyPop() throws {
        let peek = try compiledPattern("on 15ms")
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        let run = scheduler.run(through: 100, actions: [
            3: {
                $0.trigger(peek, id: .peek, atMicros: 3000)
                $0.trigger(pop, id: .pop, atMicros: 3000)
            }
        ])
        #expect(run.edges == ["3ms on", "23ms off", "53ms on", "73ms off"])
        #expect(run.events == [.on(3, .pop), .off(23, .pop), .on(53, .pop), .off(73, .pop)])
        #expect(scheduler.counters.replaced == 1)
    }

    @Test func stepsFollowThePeriodsTheLoopActuallyRuns() throws {
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        var buffer = HapticEventBuffer()
        scheduler.trigger(try compiledPattern("on 15ms"), id: .peek, atMicros: 0)
        #expect(scheduler.advance(toMicros: 0, into: &buffer) == .rising)
        #expect(scheduler.advance(toMicros: 7000, into: &buffer) == nil)
        #expect(scheduler.advance(toMicros: 21_000, into: &buffer) == .falling)
        #expect(scheduler.advance(toMicros: 30_000, into: &buffer) == nil)
        #expect(Array(buffer) == [.on(0, .peek), .off(21, .peek)])
    }

    @Test func anEmptyPatternChangesNothing() throws {
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        let peek = try compiledPattern("on 15ms")
        let run = scheduler.run(through: 40, actions: [
            0: { $0.trigger(peek, id: .peek, atMicros: 0) },
            5: { $0.trigger(.empty, id: .release, atMicros: 5000) },
        ])
        #expect(run.edges == ["0ms on", "15ms off"])
        #expect(scheduler.counters.replaced == 0)
    }

    /// The loop's order in one period: recognise, trigger the stages' patterns, advance.
    /// `haptic.on` of each stage then carries that stage's time.
    @Test func hapticOnCarriesTheTimeOfItsStage() throws {
        let catalog = try HapticPatternCatalog(patterns: HapticSettings.standardPatterns)
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        var pressEvents = PressEventBuffer()
        var hapticEvents = HapticEventBuffer()
        var stages: [PressEvent] = []
        var haptics: [HapticEvent] = []
        for frame in traceFrames(milligrams: milligrams(grams: Array(0...400) + Array(repeating: 0, count: 100))) {
            pressEvents.removeAll()
            hapticEvents.removeAll()
            recognizer.update(with: frame, into: &pressEvents)
            for event in pressEvents {
                switch event {
                case .peek(let time, _):
                    scheduler.trigger(try #require(catalog.bank[.peek]), id: .peek, atMicros: time)
                    stages.append(event)
                case .pop(let time, _):
                    scheduler.trigger(try #require(catalog.bank[.pop]), id: .pop, atMicros: time)
                    stages.append(event)
                default:
                    break
                }
            }
            _ = scheduler.advance(toMicros: frame.timeMicros, into: &hapticEvents)
            haptics += hapticEvents
        }
        #expect(stages == [.peek(atMicros: 155_000, force: .grams(155)), .pop(atMicros: 305_000, force: .grams(305))])
        #expect(haptics == [.on(155, .peek), .off(157, .peek), .on(305, .pop), .off(325, .pop), .on(355, .pop), .off(375, .pop)])
    }
}
