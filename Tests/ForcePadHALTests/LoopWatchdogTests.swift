@testable import ForcePadHAL
import ForcePadCore
import Foundation
import Synchronization
import Testing

/// The service watchdog pings only from proof that the loop runs: a stalled loop (injected)
/// stops the pings within one interval, drives the line off and asks for a restart.
@Suite struct LoopWatchdogTests {
    final class Reports: Sendable {
        let lines = PosixMutex<[String]>([])
    }

    @Test func notifierSendsDatagramsToThePathAndNothingWithoutASocket() throws {
        let socket = try NotifySocketStandIn()
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": socket.path])
        #expect(notifier.send("READY=1\nSTATUS=running"))
        #expect(notifier.send("STOPPING=1"))
        #expect(socket.receive(for: 0.1).map(\.message) == ["READY=1\nSTATUS=running", "STOPPING=1"])
        #expect(!ServiceNotifier(environment: [:]).send("READY=1"))
    }

    @Test func theWatchdogPeriodComesFromTheEnvironmentForThisProcessOnly() {
        #expect(ServiceNotifier.watchdogMicros(environment: ["WATCHDOG_USEC": "2000000"]) == 2_000_000)
        #expect(ServiceNotifier.watchdogMicros(environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "\(getpid())"]) == 2_000_000)
        #expect(ServiceNotifier.watchdogMicros(environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "1"]) == nil)
        #expect(ServiceNotifier.watchdogMicros(environment: ["WATCHDOG_USEC": "0"]) == nil)
        #expect(ServiceNotifier.watchdogMicros(environment: [:]) == nil)
    }

    @Test func aStalledLoopStopsThePingsWithinOneInterval() throws {
        let socket = try NotifySocketStandIn()
        let link = LoopLink(initial: LoopSnapshot(cellCount: 1, recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics))
        let stall = StallSwitch()
        let pad = SimulatedPad(board: ControlLoopTests.board(cells: 1), simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0))
        let loop = ControlLoop(
            source: StallingSource(pad: pad, stall: stall), line: SimulatedHapticLine(),
            pipeline: ForcePipeline(calibrations: [ControlLoopTests.calibration], geometry: .strip(cells: 1), settings: ControlLoopTests.pipelineSettings),
            recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics, patterns: ControlLoopTests.bank,
            periodMicros: 1000, link: link)
        let loopThread = try PosixThread {
            var clock = MonotonicClock()
            loop.run(clock: &clock)
        }
        let reports = Reports()
        let watchdogMicros: Int64 = 200_000
        let watchdog = LoopWatchdog(
            link: link, notifier: ServiceNotifier(socketPath: socket.path), watchdogMicros: watchdogMicros,
            lostBudgetMicros: 60_000_000, cutOff: .none
        ) { line in reports.lines.withLock { $0.append(line) } }
        try watchdog.start()
        let beforeStall = socket.receive(for: 0.5)
        let stalledAt = MonotonicClock().nowMicros()
        stall.stalled.store(true, ordering: .relaxed)
        let afterStall = socket.receive(for: 0.6)
        watchdog.stop()
        stall.stalled.store(false, ordering: .relaxed)
        link.stopRequested.store(true, ordering: .relaxed)
        loopThread.join()

        #expect(beforeStall.filter { $0.message == "WATCHDOG=1" }.count >= 4)
        let lastPing = afterStall.last { $0.message == "WATCHDOG=1" }?.micros ?? stalledAt
        let budget = watchdogMicros / 2
        #expect(lastPing - stalledAt <= budget + 20_000, "last ping \(lastPing - stalledAt) µs after the stall; budget \(budget) µs")
        #expect(afterStall.contains { $0.message.hasPrefix("WATCHDOG=trigger") })
        #expect(reports.lines.withLock { $0 }.contains { $0.contains("made no progress") && $0.contains("haptic line driven off") })
    }

    @Test func aSensorLostBeyondItsBudgetStopsThePings() throws {
        let link = LoopLink(initial: LoopSnapshot(cellCount: 1, recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics))
        let watchdog = LoopWatchdog(
            link: link, notifier: ServiceNotifier(socketPath: nil), watchdogMicros: 1_000_000, lostBudgetMicros: 5_000_000,
            cutOff: .none) { _ in }
        link.originMicros.store(1_000_000, ordering: .relaxed)
        link.ticks.store(10, ordering: .relaxed)
        #expect(watchdog.look(previousTicks: 5, nowMicros: 2_000_000).0 == .alive)
        link.sensorLostAtMicros.store(500_000, ordering: .relaxed)
        #expect(watchdog.look(previousTicks: 5, nowMicros: 6_000_000).0 == .alive)
        #expect(watchdog.look(previousTicks: 5, nowMicros: 6_600_000).0 == .sensorLostTooLong(lostMicros: 5_100_000))
        #expect(watchdog.look(previousTicks: 10, nowMicros: 6_600_000).0 == .stalled(ticks: 10))
        link.stopRequested.store(true, ordering: .relaxed)
        #expect(watchdog.look(previousTicks: 10, nowMicros: 6_600_000).0 == .stopping)
    }
}
