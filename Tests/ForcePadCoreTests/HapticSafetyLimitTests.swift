import ForcePadCore
import Testing

/// maxOn, minOff, the duty limit and forceOff, whatever the patterns ask for.
@Suite struct HapticSafetyLimitTests {
    /// Pulse mode, driven line, with these limits (ms and per mille).
    private func settings(
        maxOnMillis: Int64 = 100, minOffMillis: Int64 = 10, dutyPermille: Int = 500, dutyWindowMillis: Int64 = 1000
    ) -> HapticSchedulerSettings {
        HapticSchedulerSettings(
            mode: .pulse, lineAccess: .drive, maxOnMicros: maxOnMillis * 1000, minOffMicros: minOffMillis * 1000,
            maxDutyPermille: dutyPermille, dutyWindowMicros: dutyWindowMillis * 1000)
    }

    /// The on periods (start, end) in ms described by `edges` from ``HapticScheduler/run``.
    private func onPeriods(_ edges: [String]) -> [(start: Int64, end: Int64)] {
        var periods: [(start: Int64, end: Int64)] = []
        var start: Int64?
        for edge in edges {
            let parts = edge.split(separator: " ")
            let millis = Int64(parts[0].dropLast(2)) ?? -1
            if parts[1] == "on" {
                start = millis
            } else if let begun = start {
                periods.append((begun, millis))
                start = nil
            }
        }
        return periods
    }

    @Test func anOnStepLongerThanMaxOnIsCut() throws {
        var scheduler = HapticScheduler(settings: settings())
        let long = try compiledPattern("on 150ms off 10ms on 20ms")
        let run = scheduler.run(through: 300, actions: [0: { $0.trigger(long, id: .pop, atMicros: 0) }])
        #expect(run.edges == ["0ms on", "100ms off", "160ms on", "180ms off"])
        #expect(scheduler.counters.cutByMaxOn == 1)
    }

    @Test func anOnStepNeverStartsWithinMinOffOfTheLastOff() throws {
        var scheduler = HapticScheduler(settings: settings())
        let tight = try compiledPattern("on 20ms off 5ms on 20ms")
        let run = scheduler.run(through: 100, actions: [0: { $0.trigger(tight, id: .pop, atMicros: 0) }])
        #expect(run.edges == ["0ms on", "20ms off", "30ms on", "50ms off"])
        #expect(scheduler.counters.delayedByMinOff == 1)

        // A pattern that is not a stage's (here the menu's) waits for min_off after a pulse.
        var again = HapticScheduler(settings: settings())
        let buzz = try compiledPattern("on 15ms")
        let menu = HapticPatternID(rawValue: 3)
        let retrigger = again.run(through: 100, actions: [
            0: { $0.trigger(buzz, id: menu, atMicros: 0) },
            18: { $0.trigger(buzz, id: menu, atMicros: 18_000) },
        ])
        #expect(retrigger.edges == ["0ms on", "15ms off", "25ms on", "40ms off"])
        #expect(retrigger.events == [.on(0, menu), .off(15, menu), .on(25, menu), .off(40, menu)])
        #expect(again.counters.delayedByMinOff == 1)
    }

    @Test func dutyOverTheSlidingWindowStaysWithinTheLimit() throws {
        // 50 % of 100 ms: at most 50 ms on in any 100 ms.
        var scheduler = HapticScheduler(settings: settings(dutyPermille: 500, dutyWindowMillis: 100))
        let pattern = try compiledPattern("on 30ms off 10ms on 30ms")
        let run = scheduler.run(through: 300, actions: [
            0: { $0.trigger(pattern, id: .pop, atMicros: 0) },
            70: { $0.trigger(pattern, id: .pop, atMicros: 70_000) },
        ])
        // 0–30 full; 40–60 shortened to the 20 ms left; at 70 nothing is left (skipped); the
        // next step, due at 110, gets the 10 ms that slid out of the window.
        #expect(run.edges == ["0ms on", "30ms off", "40ms on", "60ms off", "110ms on", "120ms off"])
        #expect(run.events == [.on(0, .pop), .off(30, .pop), .on(40, .pop), .off(60, .pop), .on(110, .pop), .off(120, .pop)])
        #expect(scheduler.counters.refusedByDuty == 3)
        #expect(scheduler.counters.pulses == 3)
    }

    @Test func limitsHoldOnRandomTriggerStorms() throws {
        var state: UInt64 = 0xD0C
        let patterns = try [
            "on 15ms", "on 20ms off 30ms on 20ms", "on 150ms", "on 5ms off 1ms on 5ms off 1ms on 5ms", "on 40ms off 40ms on 40ms",
        ].map(compiledPattern)
        var cuts: UInt64 = 0
        var delays: UInt64 = 0
        var stageDelays: UInt64 = 0
        var refusals: UInt64 = 0
        for storm in 0..<40 {
            let maxOn = Int64(pseudoRandom(in: 5...100, &state))
            let minOff = Int64(pseudoRandom(in: 0...20, &state))
            let permille = pseudoRandom(in: 100...900, &state)
            let window = Int64(pseudoRandom(in: 50...500, &state))
            var scheduler = HapticScheduler(
                settings: settings(maxOnMillis: maxOn, minOffMillis: minOff, dutyPermille: permille, dutyWindowMillis: window))
            var actions: [Int64: (inout HapticScheduler) -> Void] = [:]
            var stageMillis: Set<Int64> = []
            for _ in 0..<pseudoRandom(in: 10...120, &state) {
                let millis = Int64(pseudoRandom(in: 0...3000, &state))
                let pattern = patterns[pseudoRandom(in: 0...(patterns.count - 1), &state)]
                // Ids 0…2 are stages (peek, pop, release), 3 and 4 other patterns.
                let id = HapticPatternID(rawValue: UInt8(pseudoRandom(in: 0...4, &state)))
                if id.isStage { stageMillis.insert(millis) } else { stageMillis.remove(millis) }
                actions[millis] = { $0.trigger(pattern, id: id, atMicros: millis * 1000) }
            }
            let periods = onPeriods(scheduler.run(through: 4000, actions: actions).edges)
            // The line acts on whole periods (1 ms): a budget that is not a whole number of
            // periods may be passed by less than one period.
            let budgetMicros = window * 1000 * Int64(permille) / 1000
            var problems: [String] = []
            for (index, period) in periods.enumerated() {
                if period.end - period.start > maxOn { problems.append("on \(period) longer than \(maxOn) ms") }
                guard index > 0 else { continue }
                let gap = period.start - periods[index - 1].end
                // Only a stage's first step, in its stage's period or the next, may come
                // sooner than min_off; nothing comes in the period of the last off.
                let startsStage = stageMillis.contains(period.start) || stageMillis.contains(period.start - 1)
                if gap < 1 || (gap < minOff && !startsStage) {
                    problems.append("on at \(period.start) within \(minOff) ms of the off at \(periods[index - 1].end)")
                }
            }
            for windowEnd in stride(from: Int64(0), through: 4000, by: 1) {
                let onMillis = periods.reduce(Int64(0)) { sum, period in
                    sum + max(0, min(period.end, windowEnd) - max(period.start, windowEnd - window))
                }
                if onMillis * 1000 >= budgetMicros + 1000 {
                    problems.append("\(onMillis) ms on in the window ending at \(windowEnd); budget \(budgetMicros) us")
                }
            }
            #expect(problems.isEmpty, "storm \(storm): \(problems.prefix(3))")
            cuts += scheduler.counters.cutByMaxOn
            delays += scheduler.counters.delayedByMinOff
            stageDelays += scheduler.counters.stagesDelayedOnePeriod
            refusals += scheduler.counters.refusedByDuty
        }
        // Every limit must have acted, or the storms prove little.
        #expect(
            cuts > 10 && delays > 10 && stageDelays > 10 && refusals > 10,
            "cut \(cuts), delayed \(delays), stages delayed \(stageDelays), refused \(refusals)")
    }

    @Test func forceOffTurnsTheLineOffAtOnceAndDropsTheRest() throws {
        var scheduler = HapticScheduler(settings: settings())
        var buffer = HapticEventBuffer()
        #expect(scheduler.forceOff(atMicros: 0, into: &buffer) == nil)
        let pop = try compiledPattern("on 20ms off 30ms on 20ms")
        let start = scheduler.run(through: 12, actions: [0: { $0.trigger(pop, id: .pop, atMicros: 0) }])
        #expect(start.edges == ["0ms on"])
        #expect(scheduler.forceOff(atMicros: 12_500, into: &buffer) == .falling)
        #expect(Array(buffer) == [.off(atMicros: 12_500, pattern: .pop)])
        #expect(!scheduler.lineIsActive && !scheduler.isPlaying)
        let rest = scheduler.run(from: 13, through: 200)
        #expect(rest.edges.isEmpty && rest.events.isEmpty)
    }
}
