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

    @Test func popInterruptsPeekAndWaitsTheMinimumOffTime() throws {
        let peek = try compiledPattern("on 15ms")
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        var scheduler = HapticScheduler(settings: HapticSchedulerSettings(.standard))
        let run = scheduler.run(through: 100, actions: [
            0: { $0.trigger(peek, id: .peek, atMicros: 0) },
            8: { $0.trigger(pop, id: .pop, atMicros: 8000) },
        ])
        #expect(run.edges == ["0ms on", "8ms off", "18ms on", "38ms off", "68ms on", "88ms off"])
        #expect(run.events == [.on(0, .peek), .off(8, .peek), .on(18, .pop), .off(38, .pop), .on(68, .pop), .off(88, .pop)])
        #expect(scheduler.counters.replaced == 1)
        #expect(scheduler.counters.delayedByMinOff == 1)
        #expect(scheduler.counters.pulses == 3)
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
        var recognizer = PressRecognizer(settings: .standard)
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
        #expect(haptics == [.on(155, .peek), .off(170, .peek), .on(305, .pop), .off(325, .pop), .on(355, .pop), .off(375, .pop)])
    }
}
