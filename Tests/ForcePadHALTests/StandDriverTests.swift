import ForcePadCore
import Synchronization
import Testing

@testable import ForcePadHAL

/// The stand driver against the simulated stand on a pseudo-terminal, both protocols: home,
/// moves to a travel and to a force, and every fault stopping the stand within one command
/// period of the reading that shows it.
@Suite(.serialized) struct StandDriverTests {
    static let period: Int64 = 20_000
    /// What a stop may take beyond its command period to reach the stand: the status question
    /// and its answer, and the stop itself, on a pseudo-terminal of a loaded machine (µs).
    static let transferAllowanceMicros: Int64 = 10_000
    /// Periods of silence the rig's stand is allowed: 1 s, so a loaded machine's stalls are not
    /// taken for a silent stand (beside the 10,000 cycles' test and forcepad's real-time loops
    /// of the other suites, the rig's stand went unanswered for 441 ms, 245 ms under TSan).
    static let silentPeriods: Int64 = 50
    static let spring = SimulatedStandSettings(acceleration: 2_000_000, contact: 2_000, stiffness: 200, snapAt: 0, snapWidth: 0, snapDrop: .zero)

    /// A simulated stand and a driver on it; the force is the simulated plunger's (the sim
    /// board's reference sees the same), or the stand's own gauge.
    final class Rig: Sendable {
        let server: SimulatedStandServer
        let driver: StandDriver
        let stops = PosixMutex<[StandStopReason]>([])

        init(_ model: StandModel, gauge: Bool = false) throws {
            let server = try SimulatedStandServer(model: model, settings: StandDriverTests.spring)
            self.server = server
            let description = StandDescription(
                model: model, device: server.devicePath, baud: 115_200, maxSpeed: 600_000, travelLimits: 0...20_000,
                forceLimit: .grams(600), commandPeriodMicros: StandDriverTests.period, silentPeriods: StandDriverTests.silentPeriods)
            let force: StandForceSource = gauge ? .standGauge : .reference({ (server.contact.force, 0) })
            let stops = stops
            let onStop: @Sendable (StandStopReason) -> Void = { reason in stops.withLock { $0.append(reason) } }
            switch model {
            case .esm303:
                driver = StandDriver(stand: try ESM303Stand(description: description, devicePath: server.devicePath), description: description, force: force, onStop: onStop)
            case .gcode:
                driver = StandDriver(stand: try GCodeStand(description: description, devicePath: server.devicePath), description: description, force: force, onStop: onStop)
            }
            try server.start()
            try driver.start()
        }

        deinit {
            driver.shutdown()
            server.stop()
        }

        /// Waits up to `seconds` for `condition` on the driver's snapshot.
        func wait(seconds: Double = 5, _ condition: (StandSnapshot) -> Bool) -> Bool {
            let clock = MonotonicClock()
            let end = clock.nowMicros() + Int64(seconds * 1_000_000)
            while clock.nowMicros() < end {
                if condition(driver.snapshot()) { return true }
                LoopWait.pause(micros: 2_000)
            }
            return false
        }

        func home() throws {
            try driver.ask(.home)
            #expect(wait { $0.homed }, "\(driver.snapshot()) \(server.state)")
        }
    }

    @Test(arguments: [StandModel.esm303, .gcode])
    func homesThenMovesToATravel(model: StandModel) throws {
        let rig = try Rig(model)
        #expect(throws: StandRefusal.notHomed) { try rig.driver.ask(.move(travel: 1_000, speed: 300_000)) }
        try rig.home()
        #expect(abs(rig.server.state.travel) <= 10)
        try rig.driver.ask(.move(travel: 1_500, speed: 300_000))
        #expect(rig.wait { $0.request == nil && $0.finished >= 2 })
        #expect(abs(rig.server.state.travel - 1_500) <= 10)
        #expect(abs((rig.driver.snapshot().travel ?? 0) - 1_500) <= 10)
        #expect(rig.stops.withLock { $0 }.isEmpty)
    }

    /// A trial started right after a stop must not be ended by that stop: from the moment the
    /// request is asked, the stand no longer counts as stopped (the stand's thread takes the
    /// request up to a command period later).
    @Test func aRequestAskedAfterAStopIsNotTakenForStopped() throws {
        let rig = try Rig(.gcode)
        try rig.home()
        rig.driver.stop(.requested)
        #expect(rig.wait { $0.stopped })
        try rig.driver.ask(.cycles(StandCycles(count: 1, speed: 300_000, depth: .travel(2_500), dwellMicros: 0, returnTravel: 1_000)))
        #expect(!rig.driver.snapshot().stopped)
        #expect(rig.driver.snapshot().lastStop == .requested)
    }

    @Test(arguments: [StandModel.esm303, .gcode])
    func pressesUntilAForceAndStops(model: StandModel) throws {
        let rig = try Rig(model, gauge: model == .esm303)
        try rig.home()
        try rig.driver.ask(.press(force: .grams(200), speed: 120_000))
        #expect(rig.wait { $0.request == nil && $0.finished >= 2 })
        #expect(rig.wait(seconds: 1) { $0.state == .idle || $0.state == .held })
        let force = rig.server.state.force
        // 120 mm/min is 2 µm/ms: a 20 ms period overshoots by at most 40 µm, 8 g on the spring
        // (under ThreadSanitizer the stand's thread may take ten times as long to stop it).
        #expect(force >= .grams(200) && force <= .grams(200 + 15 * ThreadSanitizerRun.timingScale), "\(force)")
        #expect(rig.stops.withLock { $0 }.isEmpty)
    }

    @Test(arguments: [StandModel.esm303, .gcode])
    func pressesAgainAndAgainByForceThenByTravel(model: StandModel) throws {
        let rig = try Rig(model)
        try rig.home()
        let byForce = StandCycles(count: 3, speed: 300_000, depth: .force(.grams(150)), dwellMicros: 30_000, returnTravel: 1_000)
        try rig.driver.ask(.cycles(byForce))
        #expect(rig.wait(seconds: 10) { $0.request == nil && $0.cyclesDone == 3 })
        #expect(abs(rig.server.state.travel - 1_000) <= 10)
        let travels = rig.driver.takeSamples().map(\.travel)
        // 150 g on a 200 g/mm spring from contact at 2 mm: 2.75 mm. The stop goes out in the
        // round that reads 150 g, and the stand takes its commands in order, so the status
        // answered after the first reading past 2.75 mm already shows where the first press
        // stopped: nothing deeper follows until the crosshead leaves the spring, beyond the
        // few µm it decelerates (a round late, it would have gone 100 µm deeper at 300 mm/min
        // in 20 ms). How far past 2.75 mm it stopped is the machine's lateness, not the driver's.
        let crossing = try #require(travels.firstIndex { $0 >= 2_750 }, "\(travels)")
        let stopped = travels[min(crossing + 1, travels.count - 1)]
        let firstPress = travels[crossing...].prefix { $0 >= 2_000 }
        #expect(firstPress.allSatisfy { $0 <= max(stopped, travels[crossing]) + 10 }, "\(travels)")
        let byTravel = StandCycles(count: 2, speed: 300_000, depth: .travel(2_500), dwellMicros: 0, returnTravel: 500)
        try rig.driver.ask(.cycles(byTravel))
        #expect(rig.wait(seconds: 10) { $0.request == nil && $0.cyclesDone == 2 })
        let deepestByTravel = try #require(rig.driver.takeSamples().map(\.travel).max())
        #expect(abs(deepestByTravel - 2_500) <= 10)
        #expect(rig.stops.withLock { $0 }.isEmpty)
    }

    @Test func refusesMovesOutsideTheBoardsLimits() throws {
        let rig = try Rig(.gcode)
        try rig.home()
        #expect(throws: StandRefusal.travelOutOfRange(25_000, 0...20_000)) { try rig.driver.ask(.move(travel: 25_000, speed: 1_000)) }
        #expect(throws: StandRefusal.speedOutOfRange(700_000, 500...600_000)) { try rig.driver.ask(.move(travel: 1_000, speed: 700_000)) }
        #expect(throws: StandRefusal.forceAtLimit(.grams(600), .grams(600))) { try rig.driver.ask(.press(force: .grams(600), speed: 1_000)) }
    }

    /// Starts a slow press past the force limit, injects `fault` once the crosshead moves, and
    /// returns how long after the injection the stand received its stop (µs) and the reason.
    private func stopAfter(_ fault: SimulatedStandFault, model: StandModel) throws -> (micros: Int64, reasons: [StandStopReason], stopped: Bool) {
        let rig = try Rig(model)
        try rig.home()
        try rig.driver.ask(.move(travel: 4_000, speed: 60_000))
        #expect(rig.wait { $0.state == .moving })
        let injected = MonotonicClock().nowMicros()
        rig.server.fault = fault
        let stopped = rig.wait(seconds: 2) { _ in rig.server.state.stopTimesMicros.contains { $0 >= injected } }
        LoopWait.pause(micros: 3 * Self.period)
        // The reason is reported on the stand's thread after the stop was sent.
        _ = rig.wait(seconds: 1) { _ in !rig.stops.withLock { $0 }.isEmpty }
        let firstStop = rig.server.state.stopTimesMicros.first { $0 >= injected } ?? .max
        return (firstStop - injected, rig.stops.withLock { $0 }, stopped)
    }

    @Test(arguments: [StandModel.esm303, .gcode])
    func anAlarmStopsItWithinOneCommandPeriod(model: StandModel) throws {
        let (micros, reasons, stopped) = try stopAfter(.alarm, model: model)
        #expect(stopped)
        #expect(micros <= Self.period + Self.transferAllowanceMicros, "\(micros) µs")
        #expect(reasons.count == 1)
        guard case .alarm? = reasons.first else { Issue.record("\(reasons)"); return }
    }

    @Test(arguments: [StandModel.esm303, .gcode])
    func theForceLimitStopsItWithinOneCommandPeriod(model: StandModel) throws {
        let (micros, reasons, stopped) = try stopAfter(.overshoot(.grams(700)), model: model)
        #expect(stopped)
        #expect(micros <= Self.period + Self.transferAllowanceMicros, "\(micros) µs")
        #expect(reasons.count == 1)
        guard case .forceLimit? = reasons.first else { Issue.record("\(reasons)"); return }
    }

    @Test(arguments: [StandModel.esm303, .gcode])
    func aSilentStandIsStoppedOnceItsSilenceLimitPasses(model: StandModel) throws {
        let (micros, reasons, stopped) = try stopAfter(.silent, model: model)
        #expect(stopped)
        // Silent for more than its silence limit, then stopped within the next period.
        let limit = Self.silentPeriods * Self.period
        #expect(micros > limit - Self.period && micros <= limit + Self.period + Self.transferAllowanceMicros, "\(micros) µs")
        #expect(reasons.count == 1)
        guard case .silent? = reasons.first else { Issue.record("\(reasons)"); return }
    }

    @Test func aLostReferenceStopsItWithinOneCommandPeriodOfItsSilenceLimit() throws {
        let lost = Atomic<Bool>(false)
        let server = try SimulatedStandServer(model: .gcode, settings: Self.spring)
        let description = StandDescription(
            model: .gcode, device: server.devicePath, baud: 115_200, maxSpeed: 600_000, travelLimits: 0...20_000,
            forceLimit: .grams(600), commandPeriodMicros: Self.period)
        let stops = PosixMutex<[StandStopReason]>([])
        // The reference's last reading ages from the moment it is lost, as ReferenceReader.latestForce() reports it.
        let lostAt = Atomic<Int64>(0)
        let driver = StandDriver(
            stand: try GCodeStand(description: description, devicePath: server.devicePath), description: description,
            force: .reference({
                guard lost.load(ordering: .relaxed) else { return (server.contact.force, 0) }
                return (.zero, MonotonicClock().nowMicros() - lostAt.load(ordering: .relaxed))
            }),
            onStop: { reason in stops.withLock { $0.append(reason) } })
        try server.start()
        try driver.start()
        defer {
            driver.shutdown()
            server.stop()
        }
        try driver.ask(.home)
        let clock = MonotonicClock()
        let giveUp = clock.nowMicros() + 5_000_000
        while !driver.snapshot().homed, clock.nowMicros() < giveUp { LoopWait.pause(micros: 2_000) }
        try driver.ask(.move(travel: 4_000, speed: 60_000))
        while driver.snapshot().state != .moving, clock.nowMicros() < giveUp { LoopWait.pause(micros: 2_000) }
        #expect(driver.snapshot().state == .moving)
        let injected = clock.nowMicros()
        lostAt.store(injected, ordering: .relaxed)
        lost.store(true, ordering: .relaxed)
        while !server.state.stopTimesMicros.contains(where: { $0 >= injected }), clock.nowMicros() < injected + 2_000_000 {
            LoopWait.pause(micros: 1_000)
        }
        let firstStop = server.state.stopTimesMicros.first { $0 >= injected } ?? .max
        // Stale once older than the silence limit, then stopped within one more period.
        #expect(firstStop - injected > description.silenceLimitMicros, "\(firstStop - injected) µs")
        #expect(firstStop - injected <= description.silenceLimitMicros + Self.period + Self.transferAllowanceMicros, "\(firstStop - injected) µs")
        // The stop is reported on the stand's thread once it was sent: the stand may see it first.
        while stops.withLock({ $0.isEmpty }), clock.nowMicros() < injected + 2_000_000 { LoopWait.pause(micros: 1_000) }
        let reasons = stops.withLock { $0 }
        #expect(reasons.count == 1)
        guard case .sensorLost? = reasons.first else { Issue.record("\(reasons)"); return }
    }

    @Test func aStopAskedFromAnotherThreadIsSentWithinAFewMilliseconds() throws {
        let rig = try Rig(.gcode)
        try rig.home()
        try rig.driver.ask(.move(travel: 4_000, speed: 60_000))
        #expect(rig.wait { $0.state == .moving })
        let asked = MonotonicClock().nowMicros()
        rig.driver.stop(.requested)
        #expect(rig.wait(seconds: 1) { _ in rig.server.state.stopTimesMicros.contains { $0 >= asked } })
        let firstStop = rig.server.state.stopTimesMicros.first { $0 >= asked } ?? .max
        #expect(firstStop - asked <= StandDriver.stopPollMicros + Self.transferAllowanceMicros)
        #expect(rig.wait(seconds: 1) { $0.state == .idle || $0.state == .held })
        let travel = rig.server.state.travel
        LoopWait.pause(micros: 5 * Self.period)
        #expect(rig.server.state.travel == travel, "the held move did not resume")
        #expect(rig.stops.withLock { $0 } == [.requested])
    }

    @Test func shutdownStopsTheStandFirst() throws {
        let rig = try Rig(.esm303)
        try rig.home()
        try rig.driver.ask(.move(travel: 4_000, speed: 60_000))
        #expect(rig.wait { $0.state == .moving })
        let before = rig.server.state.stopTimesMicros.count
        let asked = MonotonicClock().nowMicros()
        rig.driver.shutdown()
        LoopWait.pause(micros: 5_000)
        #expect(rig.server.state.stopTimesMicros.count > before)
        let firstStop = rig.server.state.stopTimesMicros.first { $0 >= asked } ?? .max
        #expect(firstStop - asked <= Self.period, "\(firstStop - asked) µs")
        #expect(!rig.server.state.crosshead.isMoving)
        #expect(rig.stops.withLock { $0 } == [.shutdown])
    }
}
