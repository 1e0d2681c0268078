import ForcePadCore
import Synchronization

/// Drives a stand on a thread of its own (`fp-stand`), never the loop's: once per command
/// period it carries out the latest request, asks the stand where it is, reads the force and
/// applies ``StandSafety``. A stop the safety rule asks for is sent in the same round, so the
/// stand is stopped within one command period of the reading that called for it; a stop asked
/// from another thread (the operator, the shutdown) is sent within ``stopPollMicros``.
///
/// Each stop is reported once through `onStop` (on the stand's thread), with its reason.
public final class StandDriver: Sendable {
    /// The stand and its port, e.g. `Mark-10 ESM303 on /dev/ttyUSB1`.
    public let name: String
    public let description: StandDescription
    private let safety: StandSafety
    private let forceSource: StandForceSource
    private let onStop: @Sendable (StandStopReason) -> Void
    private let stand: any StandCalls
    private let worker = WorkerThread(name: "fp-stand")
    private let state = PosixMutex(StandSnapshot())
    private let pending = PosixMutex<StandRequest?>(nil)
    /// A stop asked from another thread (its reason), sent by the stand's thread at once.
    private let pendingStop = PosixMutex<StandStopReason?>(nil)
    private let lastAnswerMicros = Atomic<Int64>(0)
    private let isShutDown = Atomic<Bool>(false)
    /// The presses of a ``StandRequest/cycles(_:)`` under way; only the stand's thread uses it.
    private let runner = PosixMutex<StandCycleRunner?>(nil)
    /// Travel samples not yet taken (``takeSamples()``), at most ``keptSamples``.
    private let samples = PosixMutex<[StandSample]>([])
    /// The longest status round trip whose travel is kept as a sample (µs): the sample is
    /// stamped at the middle of the round trip, so a longer one (this thread starved, a slow
    /// answer) would place the travel too uncertainly in time; the samples beside it serve.
    static let sampleRoundTripMaxMicros: Int64 = 6_000
    /// The most samples kept for ``takeSamples()``: ten seconds at a 10 ms period.
    static let keptSamples = 1_000
    /// How often the stand's thread looks for a stop asked from another thread while it waits (µs).
    public static let stopPollMicros: Int64 = 2_000

    /// Takes `stand` over; nothing is sent until ``start()``.
    public init<Stand: StandProtocol & ~Copyable & SendableMetatype>(
        stand: consuming Stand, description: StandDescription, force: StandForceSource,
        onStop: @escaping @Sendable (StandStopReason) -> Void
    ) {
        name = stand.name
        self.description = description
        safety = StandSafety(stand: description)
        forceSource = force
        self.onStop = onStop
        self.stand = StandBox(stand)
    }

    /// Sets the stand up (``StandProtocol/connect(clock:)``) and starts its thread.
    public func start() throws(DeviceError) {
        try stand.connect()
        lastAnswerMicros.store(MonotonicClock().nowMicros(), ordering: .relaxed)
        try worker.start { self.round() }
    }

    /// What the stand's thread knows now.
    public func snapshot() -> StandSnapshot { state.withLock { $0 } }

    /// Asks for `request`, replacing one not yet started; refused as ``check(_:)`` refuses it.
    /// The stand no longer counts as stopped from then on (``StandSnapshot/stopped``), so the
    /// last stop is not taken for one of this request before the stand's thread starts it.
    public func ask(_ request: StandRequest) throws(StandRefusal) {
        try check(request)
        pending.withLock { $0 = request }
        state.withLock { $0.stopped = false }
    }

    /// Refuses `request` (with the reason) when the stand has not found home, or a move
    /// leaves the board's travel, speed or force limits.
    public func check(_ request: StandRequest) throws(StandRefusal) {
        let homed = state.withLock { $0.homed }
        switch request {
        case .home:
            break
        case .move(let travel, let speed):
            guard homed else { throw .notHomed }
            guard description.travelLimits.contains(travel) else { throw .travelOutOfRange(travel, description.travelLimits) }
            try checkSpeed(speed)
        case .press(let force, let speed):
            guard homed else { throw .notHomed }
            guard force < description.forceLimit else { throw .forceAtLimit(force, description.forceLimit) }
            try checkSpeed(speed)
        case .cycles(let plan):
            guard homed else { throw .notHomed }
            try checkSpeed(plan.speed)
            switch plan.depth {
            case .force(let force):
                guard force < description.forceLimit else { throw .forceAtLimit(force, description.forceLimit) }
            case .travel(let travel):
                guard description.travelLimits.contains(travel) else { throw .travelOutOfRange(travel, description.travelLimits) }
            }
            guard description.travelLimits.contains(plan.returnTravel) else { throw .travelOutOfRange(plan.returnTravel, description.travelLimits) }
        }
    }

    private func checkSpeed(_ speed: Int64) throws(StandRefusal) {
        guard StandDescription.speedRange.lowerBound <= speed, speed <= description.maxSpeed else {
            throw .speedOutOfRange(speed, StandDescription.speedRange.lowerBound...description.maxSpeed)
        }
    }

    /// Stops the stand within ``stopPollMicros`` (plus one transfer), for `reason`.
    public func stop(_ reason: StandStopReason) {
        pending.withLock { $0 = nil }
        pendingStop.withLock { $0 = reason }
    }

    /// The travel samples since the last call, oldest first (monotonic clock, µs: the middle of
    /// each status's round trip).
    public func takeSamples() -> [StandSample] { samples.withLock { samples in defer { samples.removeAll() }; return samples } }

    /// The stop sequence at the end: stops the crosshead, then the thread; does nothing the second time.
    public func shutdown() {
        guard !isShutDown.exchange(true, ordering: .acquiringAndReleasing) else { return }
        stop(.shutdown)
        let clock = MonotonicClock()
        let end = clock.nowMicros() + description.commandPeriodMicros + Self.stopPollMicros
        while pendingStop.withLock({ $0 != nil }), clock.nowMicros() < end { LoopWait.pause(micros: Self.stopPollMicros / 2) }
        worker.stop()
        if pendingStop.withLock({ $0 != nil }) { stand.stopQuietly() }
    }

    /// One command period: a stop asked, the request, the status, the force, the safety rule.
    private func round() -> WorkerThread.Next {
        let clock = MonotonicClock()
        let start = clock.nowMicros()
        let period = description.commandPeriodMicros
        sendAskedStop()
        if let request = pending.withLock({ request in defer { request = nil }; return request }) {
            carryOut(request)
        }
        do {
            let asked = clock.nowMicros()
            let status = try stand.status(deadlineMicros: start + period)
            let answeredAt = clock.nowMicros()
            if let status { noteAnswer(status, at: answeredAt) }
            let force = try readForce(deadlineMicros: start + period)
            if let travel = status?.travel, status?.isLate == false, answeredAt - asked <= Self.sampleRoundTripMaxMicros {
                keepSample(StandSample(timeMicros: asked + (answeredAt - asked) / 2, travel: travel, gaugeForce: gaugeForce(force)))
            }
            if let force { state.withLock { $0.force = force } }
            checkTarget(force: force)
            if let status { runCycles(status, force: force, nowMicros: clock.nowMicros()) }
            let stopped = state.withLock { $0.stopped }
            let lastAnswer = lastAnswerMicros.load(ordering: .relaxed)
            let now = clock.nowMicros()
            if !stopped, let reason = safety.stopReason(nowMicros: now, lastAnswerMicros: lastAnswer, force: force, status: status ?? StandStatus(state: .unknown, travel: nil)) {
                halt(reason)
            }
        } catch {
            if !state.withLock({ $0.stopped }) { halt(.sensorLost(error.description)) }
        }
        while clock.nowMicros() < start + period, !worker.isStopRequested {
            if pendingStop.withLock({ $0 != nil }) { sendAskedStop() }
            LoopWait.pause(micros: max(1, min(Self.stopPollMicros, start + period - clock.nowMicros())))
        }
        return .again
    }

    /// Sends a stop asked from another thread, if any.
    private func sendAskedStop() {
        guard let reason = pendingStop.withLock({ $0 }) else { return }
        halt(reason)
        pendingStop.withLock { $0 = nil }
    }

    private func carryOut(_ request: StandRequest) {
        let from = state.withLock { $0.travel } ?? 0
        do {
            switch request {
            case .home:
                try stand.home()
            case .move(let travel, let speed):
                try stand.move(toTravel: travel, speed: speed, from: from)
            case .press(_, let speed):
                try stand.move(toTravel: description.travelLimits.upperBound, speed: speed, from: from)
            case .cycles(let plan):
                runner.withLock { $0 = StandCycleRunner(plan: plan, deepest: description.travelLimits.upperBound) }
            }
            state.withLock {
                $0.request = request
                $0.stopped = false
                $0.sawBusy = false
                if request == .home { $0.homed = false }
                $0.cyclesDone = 0
            }
        } catch {
            halt(.sensorLost(error.description))
        }
    }

    /// Keeps a status answer; a request is finished at the first idle status after it was
    /// seen under way (or, for a move, once the travel is reached).
    private func noteAnswer(_ status: StandStatus, at micros: Int64) {
        lastAnswerMicros.store(micros, ordering: .relaxed)
        state.withLock { snapshot in
            snapshot.answers += 1
            snapshot.state = status.state
            if let travel = status.travel { snapshot.travel = travel }
            guard let request = snapshot.request else { return }
            if case .cycles = request { return }
            if status.state != .idle {
                snapshot.sawBusy = true
                return
            }
            var reached = snapshot.sawBusy
            if case .move(let travel, _) = request, let now = snapshot.travel, abs(now - travel) <= Self.travelTolerance { reached = true }
            guard reached else { return }
            if request == .home { snapshot.homed = true }
            snapshot.request = nil
            snapshot.finished += 1
        }
    }

    /// Keeps `sample` for ``takeSamples()``, dropping the older half when nobody takes them.
    private func keepSample(_ sample: StandSample) {
        samples.withLock { samples in
            if samples.count >= Self.keptSamples { samples.removeFirst(samples.count / 2) }
            samples.append(sample)
        }
    }

    /// `force` when it is the stand's own gauge reading (the reference's readings are kept by their own reader).
    private func gaugeForce(_ force: Force?) -> Force? {
        if case .standGauge = forceSource { return force }
        return nil
    }

    /// How close a move must come to its travel to be finished (µm).
    static let travelTolerance: Int64 = StandCycleRunner.travelTolerance

    /// Sends what the presses under way ask next, and notes how many are done.
    private func runCycles(_ status: StandStatus, force: Force?, nowMicros: Int64) {
        let (action, done, finished) = runner.withLock { runner -> (StandCycleRunner.Action?, Int, Bool) in
            guard var running = runner else { return (nil, 0, false) }
            let action = running.next(state: status.state, travel: status.travel, force: force, nowMicros: nowMicros)
            runner = running.isFinished ? nil : running
            return (action, running.done, running.isFinished)
        }
        guard state.withLock({ $0.request != nil }) else { return }
        switch action {
        case .move(let travel, let speed)?:
            do {
                try stand.move(toTravel: travel, speed: speed, from: status.travel ?? 0)
            } catch {
                halt(.sensorLost(error.description))
                return
            }
        case .stop?:
            stand.stopQuietly()
        case nil:
            break
        }
        state.withLock {
            $0.cyclesDone = done
            if finished { $0.request = nil; $0.finished += 1 }
        }
    }

    /// The force now: the stand's gauge, or the reference while it is fresh.
    private func readForce(deadlineMicros: Int64) throws(DeviceError) -> Force? {
        switch forceSource {
        case .standGauge:
            return try stand.gaugeForce(deadlineMicros: deadlineMicros)
        case .reference(let latest):
            guard let reading = latest() else { return nil }
            guard reading.ageMicros <= description.silenceLimitMicros else {
                throw DeviceError(operation: "read the reference sensor", errno: 0, hint: "its last reading is \(reading.ageMicros / 1000) ms old")
            }
            return reading.force
        }
    }

    /// Ends a press by force once the force reaches its target.
    private func checkTarget(force: Force?) {
        guard let force, case .press(let target, _)? = state.withLock({ $0.request }), force >= target else { return }
        stand.stopQuietly()
        state.withLock { $0.request = nil; $0.state = .held; $0.finished += 1 }
    }

    /// Stops the crosshead at once, records why and reports it once.
    private func halt(_ reason: StandStopReason) {
        stand.stopQuietly()
        runner.withLock { $0 = nil }
        state.withLock { $0.request = nil; $0.stopped = true; $0.lastStop = reason }
        onStop(reason)
    }
}
