import ForcePadHAL

/// The parts of the running program that shell commands use beside the controller (the loop's
/// readers and driver, the event pump, the lab): handed to the shell where the program is
/// assembled (`forcepad run`), so no command reaches into the loop's runtime or the controller
/// for them.
public struct ShellServices {
    /// The reference force sensor's reader; nil when the board has none.
    let reference: ReferenceReader?
    /// The DRV2605L's follower of the stages; nil when the board has no such chip.
    let hapticDriverStages: HapticDriverStages?
    /// The watcher of the haptic line's feedback wire; nil when the board has none.
    let edgeWatcher: HapticEdgeWatcher?
    /// The haptic GPIO line as `gpioinfo` names it; nil for the simulated line.
    let hapticLine: GPIOLineIdentity?
    /// How the loop thread is scheduled (priority, CPU, memory lock).
    let scheduling: RealTimeOutcome
    /// The event pump: where events that do not come from the loop (a performed shortcut)
    /// join those that do, and the crossing→line latencies it has measured.
    let events: EventPump
    /// The lab: recordings, trials, the calibration session and reports.
    let lab: LabSession
    /// Every frame's forces and the marks along them, for `monitor plot` and `monitor plain`.
    let liveForces: LiveForceTap
    /// The loop's latency histograms as of the end of its next period (``LoopLatencies``):
    /// asked of the loop, which publishes them apart from its snapshot.
    let loopLatencies: () -> LoopLatencies
    /// The settings and calibration in force, for the threads that show them (scope, fleet).
    let settingsInForce: PublishedSettings
    /// The browser scope (`--http`); nil when it is off. Set once it serves.
    var scope: ScopeServer?
    /// The fleet station (`[mqtt]`); nil when it is off. Set once it runs.
    var fleet: FleetStation?
    /// The motorised test stand (`[stand]`); nil when the board has none.
    let stand: StandRuntime?

    /// The services of `runtime`, once it runs, and `lab`, the session's lab (the scope and
    /// the fleet station are set once they are started from these); a stand stops pressing for
    /// a trial whose recording failed.
    init(runtime: LoopRuntime, lab: LabSession) {
        reference = runtime.referenceReader
        hapticDriverStages = runtime.pump.driverStages
        edgeWatcher = runtime.edgeWatcher
        hapticLine = runtime.hapticLine
        scheduling = runtime.realTimeOutcome
        events = runtime.pump
        liveForces = runtime.liveForces
        loopLatencies = runtime.latencies
        settingsInForce = runtime.settingsInForce
        stand = runtime.stand
        self.lab = lab
        if let stand = runtime.stand {
            lab.recordingFailed = { name, failure in stand.recordingEnded(trial: name, failure: failure) }
        }
    }
}
