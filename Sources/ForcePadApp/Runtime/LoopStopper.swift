import ForcePadHAL
import Glibc

/// What another thread (a signal's) may do to a running loop: stop the test stand first, ask it to stop, put the haptic
/// driver in standby, wait up to a second for the loop to drive the haptic line off, and pump
/// its last events. Sendable, and holding nothing the shell thread owns.
struct LoopStopper: Sendable {
    let link: LoopLink
    let pump: EventPump
    /// The board's haptic driver chip; nil without one.
    let hapticDriver: (any HapticDriverControl)?
    /// The board's test stand; nil without one.
    let stand: StandRuntime?
    /// Longest wait for the loop to confirm it stopped (µs).
    static let timeoutMicros: Int64 = 1_000_000

    /// Whether the loop has confirmed it stopped (the haptic line is then off).
    var hasStopped: Bool { link.stopped.load(ordering: .acquiring) }

    /// Stops the loop and puts the haptic driver in standby; returns whether the loop
    /// confirmed in time (the line is then off) and, with a driver, `, haptic driver in
    /// standby` or why it is not, for the signal's message.
    func stop() -> (stopped: Bool, driverNote: String) {
        stand?.stop(.shutdown)
        link.stopRequested.store(true, ordering: .relaxed)
        pump.driverStages?.drives.store(false, ordering: .relaxed)
        let driverNote = hapticDriver.map { driver in
            driver.enterStandby().map { ", haptic driver not in standby (\($0))" } ?? ", haptic driver in standby"
        } ?? ""
        link.progress.until(timeoutMicros: Self.timeoutMicros) { hasStopped }
        stand?.shutdown()
        for stop in stand?.takeStops() ?? [] { pump.report(stop, atMicros: link.loopMicrosNow()) }
        pump.pump()
        return (hasStopped, driverNote)
    }
}
