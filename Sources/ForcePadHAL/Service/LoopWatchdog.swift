import Glibc
import Synchronization

/// Feeds systemd's watchdog (`WatchdogSec=`) from proof that the control loop runs, never
/// from a timer alone: every ``intervalMicros`` (half the watchdog period) it sends
/// `WATCHDOG=1` only if the loop has completed periods since the last look
/// (``LoopLink/ticks`` moved) and the sensor has not been lost for longer than
/// ``lostBudgetMicros``.
///
/// When the loop stops making progress, the watchdog drives the haptic line off itself
/// (``HapticLineCutOff``: the stuck loop cannot), says why through `report`, sends
/// `WATCHDOG=trigger` and never pings again, so systemd restarts the service. A sensor lost
/// beyond its budget ends the pings the same way (the loop has already turned the line off).
/// The last ping after a stall is at most one interval after the loop's last period.
/// A stop the program asked for (``LoopLink/stopRequested``) ends the watchdog quietly.
public final class LoopWatchdog: Sendable {
    private let link: LoopLink
    private let notifier: ServiceNotifier
    /// Time between two looks at the loop (µs).
    public let intervalMicros: Int64
    /// How long the sensor may stay lost before the pings stop (µs); 0: no limit.
    public let lostBudgetMicros: Int64
    private let cutOff: HapticLineCutOff
    /// Puts the board's haptic driver in standby on a stall and says how it went (e.g.
    /// `; haptic driver in standby`); says nothing on a board without one.
    private let driverStandby: @Sendable () -> String
    private let report: @Sendable (String) -> Void
    private let worker = WorkerThread(name: "fp-watchdog")

    /// - Parameter watchdogMicros: systemd's period (`$WATCHDOG_USEC`); pings go at half of it.
    public init(
        link: LoopLink, notifier: ServiceNotifier, watchdogMicros: Int64, lostBudgetMicros: Int64, cutOff: HapticLineCutOff,
        driverStandby: @escaping @Sendable () -> String = { "" }, report: @escaping @Sendable (String) -> Void
    ) {
        self.driverStandby = driverStandby
        self.link = link
        self.notifier = notifier
        intervalMicros = max(watchdogMicros / 2, 1_000)
        self.lostBudgetMicros = lostBudgetMicros
        self.cutOff = cutOff
        self.report = report
    }

    /// Starts the thread that looks at the loop and pings.
    public func start() throws(DeviceError) {
        try worker.start { [self] in
            watch()
            return .finished
        }
    }

    /// Stops pinging and waits for the thread to end (before the loop is stopped).
    public func stop() { worker.stop() }

    /// What the watchdog concluded from one look at the loop.
    enum Verdict: Equatable {
        case alive
        case stalled(ticks: UInt64)
        case sensorLostTooLong(lostMicros: Int64)
        case stopping
    }

    /// One look: `ticks` as the last look saw them, `nowMicros` on the loop's clock.
    func look(previousTicks: UInt64?, nowMicros: Int64) -> (Verdict, UInt64) {
        let ticks = link.ticks.load(ordering: .acquiring)
        if link.stopRequested.load(ordering: .relaxed) || link.stopped.load(ordering: .acquiring) { return (.stopping, ticks) }
        if let previousTicks, ticks == previousTicks { return (.stalled(ticks: ticks), ticks) }
        let lostAt = link.sensorLostAtMicros.load(ordering: .relaxed)
        let origin = link.originMicros.load(ordering: .acquiring)
        if lostBudgetMicros > 0, lostAt >= 0, origin >= 0, nowMicros - (origin + lostAt) > lostBudgetMicros {
            return (.sensorLostTooLong(lostMicros: nowMicros - (origin + lostAt)), ticks)
        }
        return (.alive, ticks)
    }

    private func watch() {
        let clock = MonotonicClock()
        var previousTicks: UInt64?
        var next = clock.nowMicros()
        while !worker.isStopRequested {
            let now = clock.nowMicros()
            if now < next {
                worker.rest(micros: next - now)
                continue
            }
            next += intervalMicros
            let (verdict, ticks) = look(previousTicks: previousTicks, nowMicros: now)
            previousTicks = ticks
            switch verdict {
            case .alive:
                notifier.send("WATCHDOG=1")
            case .stopping:
                return
            case .stalled(let ticks):
                let off = cutOff.driveOff()
                let driver = driverStandby()
                report(
                    "the control loop made no progress for \(intervalMicros / 1000)ms (stuck after period \(ticks)); haptic line "
                        + (off ? "driven off" : "could not be driven off") + driver + "; the service watchdog will restart forcepad")
                notifier.send("WATCHDOG=trigger\nSTATUS=control loop stalled")
                return
            case .sensorLostTooLong(let lost):
                report(
                    "the sensor has been lost for \(lost / 1_000_000)s, longer than faults.restart_after (\(lostBudgetMicros / 1_000_000)s); "
                        + "the service watchdog will restart forcepad")
                notifier.send("WATCHDOG=trigger\nSTATUS=sensor lost")
                return
            }
        }
    }
}
