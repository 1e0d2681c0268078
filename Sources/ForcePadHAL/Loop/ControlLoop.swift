import ForcePadCore

/// The real-time loop. Once per period it applies pending commands, reads a frame, runs the
/// pipeline and the press recogniser, triggers the haptic pattern of each stage that fired,
/// advances the haptic scheduler and makes the line edge it asks for (one GPIO call), pushes
/// events and, when a reader asked for one, publishes a snapshot. It never allocates, locks, logs or blocks on other
/// threads: it talks to them only through its ``LoopLink``.
///
/// Generic over its frame source, haptic line and clock. Called from another module (the
/// controller, replay, the benchmark), generic code would run through witness tables, so it
/// is specialised here for every combination that ships (docs/performance.md, "Instructions
/// per loop period"): ``run(clock:)`` on the real clock for each board's source (converters,
/// simulated pad) with each line the loop drives (GPIO or simulated, alone or wrapped by the
/// DRV2605L's GO or real-time writes). The controller reaches `run` from generic code (the
/// haptic driver chip wraps the line behind a protocol), so these specialisations are not
/// exported: `run` itself checks its types once when called and jumps to the one that fits.
/// ``tick(atMicros:clock:originMicros:)`` on the manual clock, for the simulated pad and the
/// replay's trace source, is exported: its callers (replay, the benchmark, the tests) know
/// their types, and a check every period would cost more. Owned by the loop thread once
/// ``run(clock:)`` starts; other threads use the link only.
///
/// Its stored state is marked `@exclusivity(unchecked)`: a class's stored properties are
/// otherwise checked at run time on every access (two runtime calls each, ~1,800 instructions
/// a period). No access can overlap: one thread at a time calls ``tick(atMicros:clock:originMicros:)``
/// or ``run(clock:)`` (the loop thread once it runs; before that the one that made the loop,
/// as the tests and the benchmark do), and no method hands out a closure or a reference to
/// this state, so no access to a property starts while another to it is under way. The
/// compile-time checks stay on.
public final class ControlLoop<Source: FrameSource & ~Copyable, Line: HapticLine & ~Copyable>: @unchecked Sendable {
    @exclusivity(unchecked) private var source: Source
    @exclusivity(unchecked) private var line: Line
    @exclusivity(unchecked) private var pipeline: ForcePipeline
    @exclusivity(unchecked) private var recognizer: PressRecognizer
    @exclusivity(unchecked) private var scheduler: HapticScheduler
    @exclusivity(unchecked) private var patterns = HapticPatternBank()
    @exclusivity(unchecked) private var pressEvents = PressEventBuffer()
    @exclusivity(unchecked) private var menu = QuickActionMenu(settings: .standard)
    @exclusivity(unchecked) private var menuEvents = QuickActionEventBuffer()
    /// Shortcuts the menu offers, and the patterns of its opening and of a slot change.
    @exclusivity(unchecked) private var shownShortcuts = 0
    @exclusivity(unchecked) private var menuOpenedPattern: HapticPatternID?
    @exclusivity(unchecked) private var menuTickPattern: HapticPatternID?
    @exclusivity(unchecked) private var hapticEvents = HapticEventBuffer()
    /// Sample time of the stage whose pattern has not yet raised the line (µs), or -1.
    @exclusivity(unchecked) private var stagePendingSinceMicros: Int64 = -1
    private let link: LoopLink
    /// ``LoopLink/snapshots``, held here too: reached through the link, the mailbox was
    /// retained and released around each publication's atomic exchange (40 instructions a
    /// period); a constant of the loop itself is not.
    private let snapshots: LatestValueMailbox<LoopSnapshot>
    /// ``LoopLink/progress``, held here too for the notify at the end of each period (one
    /// load fewer than through the link).
    private let progress: LoopWait
    /// The command ring's one consumer.
    @exclusivity(unchecked) private var commands: SPSCRingConsumer<LoopCommandEnvelope>
    @exclusivity(unchecked) private var snapshot: LoopSnapshot
    /// What of the snapshot a period copies into the mailbox (the pad's cells, not all 64).
    private let publication: LoopSnapshotPublication
    /// Published apart from the snapshot (``LoopLatencies``).
    @exclusivity(unchecked) private var latencies = LoopLatencies()
    /// Period between frames (µs).
    public let periodMicros: Int64
    private let faults: SensorFaultSettings
    /// Frames failed in a row since the last good one.
    @exclusivity(unchecked) private var failedFramesInARow = 0
    /// While the sensor is lost: loop time of the next attempt to read it (µs).
    @exclusivity(unchecked) private var nextProbeMicros: Int64 = 0
    /// The real-time playback amplitude last written (0 until one is).
    @exclusivity(unchecked) private var writtenAmplitude: UInt8 = 0
    /// Whether a period drives the amplitude (``driveAmplitude()``): real-time playback is on,
    /// or the amplitude last written is not 0 yet. Kept as either changes, so that a period
    /// asks one flag, not two.
    @exclusivity(unchecked) private var drivesAmplitude: Bool

    public init(
        source: consuming Source, line: consuming Line, pipeline: ForcePipeline,
        recognizer: PressRecognizerSettings, haptics: HapticSchedulerSettings,
        patterns: HapticPatternBank, periodMicros: Int64, link: LoopLink, faults: SensorFaultSettings = .standard
    ) {
        self.faults = faults
        snapshot = LoopSnapshot(cellCount: source.cellCount, recognizer: recognizer, haptics: haptics)
        drivesAmplitude = haptics.rtp != .off
        publication = LoopSnapshotPublication(cellCount: max(source.cellCount, pipeline.output.cellCount))
        self.source = source
        self.line = line
        self.pipeline = pipeline
        self.recognizer = PressRecognizer(settings: recognizer)
        scheduler = HapticScheduler(settings: haptics)
        self.patterns = patterns
        self.periodMicros = periodMicros
        self.link = link
        snapshots = link.snapshots
        progress = link.progress
        guard let commands = link.commands.takeConsumer() else {
            preconditionFailure("a second control loop on one LoopLink: its commands have one consumer")
        }
        self.commands = commands
    }

    /// Runs one period whose frame is taken at `timeMicros` (µs since the loop started);
    /// `clock` and `originMicros` (the clock's reading at loop time 0) time-stamp the GPIO call.
    @_specialize(exported: true, where Source == SimulatedPad, Line == SimulatedHapticLine, Clock == ManualClock)
    @_specialize(exported: true, where Source == TraceFrameSource, Line == SimulatedHapticLine, Clock == ManualClock)
    public func tick<Clock: LoopClock & ~Copyable>(atMicros timeMicros: Int64, clock: borrowing Clock, originMicros: Int64) {
        while let envelope = commands.pop() {
            apply(envelope, at: timeMicros)
        }
        // What the other threads ask, read once a period: a request made after this load is
        // answered in the next period.
        let requests = LoopRequests(rawValue: link.requests.load(ordering: .relaxed))
        let sensorLost = snapshot.sensorLost
        if !sensorLost || timeMicros >= nextProbeMicros {
            readFrame(at: timeMicros, sensorLost: sensorLost, requests: requests)
        }
        let edge = scheduler.runPeriod(atMicros: timeMicros, stageHeld: recognizer.isDeepestStageHeld, into: &hapticEvents)
        driveLine(edge, at: timeMicros, clock: clock, originMicros: originMicros)
        if drivesAmplitude { driveAmplitude() }
        // Wrapping: 2^64 periods are 584,942 years at 1 MHz.
        snapshot.counters.ticks &+= 1
        if !requests.isDisjoint(with: .answeredOnce) { answer(requests) }
        link.ticks.store(snapshot.counters.ticks, ordering: .releasing)
        link.finishedPeriodMicros.store(timeMicros, ordering: .releasing)
        progress.notify()
    }

    /// Reads and processes one frame (`sensorLost`: whether the sensor was lost when the period
    /// began; `requests`: what is asked of the period). A failed read drops the frame; after
    /// `faults.lostAfterFrames` failures in a row the sensor is lost and the source let go;
    /// while lost, each attempt first reconnects the source and, when it fails, lets go again
    /// and schedules the next one. Inlined into ``tick(atMicros:clock:originMicros:)``, its one
    /// caller: as a call of its own it cost a prologue, an epilogue and the frame's addresses
    /// set up again (about 17 instructions a period).
    @inline(__always)
    private func readFrame(at timeMicros: Int64, sensorLost: Bool, requests: LoopRequests) {
        do {
            if sensorLost { try source.reconnect() }
            try source.read(into: &snapshot.raw, at: timeMicros)
            failedFramesInARow = 0
            if sensorLost {
                snapshot.sensorLost = false
                link.sensorLostAtMicros.store(-1, ordering: .relaxed)
                emit(.sensorRestored(atMicros: timeMicros))
            }
            snapshot.raw.timeMicros = timeMicros
            snapshot.raw.sequence &+= 1
            if requests.contains(.recordingFrames) { link.record(&snapshot.raw) }
            if snapshot.raw.isStale { snapshot.counters.staleFrames += 1 }
            pipeline.process(&snapshot.raw)
            snapshot.hasFrame = true
            if requests.contains(.streamingForces) {
                pipeline.writeOutput(into: &snapshot.force)
                link.stream(&snapshot.force)
            }
            // By summary: the frame itself, passed from this class's state to another module,
            // was copied whole (then 320 bytes, a 256-cell frame's now) for each call.
            let summary = pipeline.output.summary
            recognizer.update(with: summary, into: &pressEvents)
            handlePressEvents(at: timeMicros)
            menu.update(
                with: summary, popHeld: recognizer.state == .pop && recognizer.isDeepestStageHeld,
                shownShortcuts: shownShortcuts, into: &menuEvents)
            handleMenuEvents(at: timeMicros)
        } catch {
            snapshot.counters.readErrors += 1
            failedFramesInARow += 1
            if snapshot.sensorLost {
                source.disconnect()
                nextProbeMicros = timeMicros + faults.reprobeMicros
            } else {
                emit(.readFailed(atMicros: timeMicros, errno: error.errno))
                if failedFramesInARow >= faults.lostAfterFrames { loseSensor(at: timeMicros, errno: error.errno) }
            }
        }
    }

    /// The sensor stopped answering: report it, cancel the press (with its menu) and turn the
    /// actuator off now, whatever pattern was playing.
    private func loseSensor(at timeMicros: Int64, errno: Int32) {
        snapshot.sensorLost = true
        link.sensorLostAtMicros.store(timeMicros, ordering: .relaxed)
        snapshot.counters.sensorLosses += 1
        source.disconnect()
        nextProbeMicros = timeMicros + faults.reprobeMicros
        emit(.sensorLost(atMicros: timeMicros, errno: errno))
        recognizer.sensorLost(atMicros: timeMicros, into: &pressEvents)
        handlePressEvents(at: timeMicros)
        handleMenuEvents(at: timeMicros)
        stagePendingSinceMicros = -1
        _ = scheduler.forceOff(atMicros: timeMicros, into: &hapticEvents)
        forceLineOff(at: timeMicros)
    }

    /// Runs periods at absolute deadlines on `clock` until ``LoopLink/stopRequested`` is set.
    /// A late wake-up skips the periods it missed (counted, reported) instead of bursting to
    /// catch up. The haptic line is driven off before the first and after the last period
    /// (unless in a dry run, which never touches it).
    @_specialize(where Source == SimulatedPad, Line == SimulatedHapticLine, Clock == MonotonicClock)
    @_specialize(where Source == SimulatedPad, Line == DRV2605LGoLine<SimulatedHapticLine, SimulatedDRV2605L>, Clock == MonotonicClock)
    @_specialize(where Source == SimulatedPad, Line == DRV2605LRealTimeLine<SimulatedHapticLine, SimulatedDRV2605L>, Clock == MonotonicClock)
    @_specialize(where Source == I2CFrameSource, Line == GPIOOutputLine, Clock == MonotonicClock)
    @_specialize(where Source == I2CFrameSource, Line == DRV2605LGoLine<GPIOOutputLine, I2CBus>, Clock == MonotonicClock)
    @_specialize(where Source == I2CFrameSource, Line == DRV2605LRealTimeLine<GPIOOutputLine, I2CBus>, Clock == MonotonicClock)
    public func run<Clock: LoopClock & ~Copyable>(clock: inout Clock) {
        let start = clock.nowMicros()
        link.originMicros.store(start, ordering: .releasing)
        forceLineOff(at: 0)
        var deadline = start
        while !link.stopRequested.load(ordering: .relaxed) {
            clock.sleep(untilMicros: deadline)
            let woke = clock.nowMicros()
            let lateness = woke - deadline
            snapshot.counters.lastLatenessMicros = lateness
            latencies.lateness.record(lateness)
            if lateness > snapshot.counters.maxLatenessMicros { snapshot.counters.maxLatenessMicros = lateness }
            tick(atMicros: deadline - start, clock: clock, originMicros: start)
            deadline += periodMicros
            let behind = clock.nowMicros() - deadline
            if behind >= periodMicros {
                let missed = behind / periodMicros
                deadline += missed * periodMicros
                snapshot.counters.missedPeriods += UInt64(missed)
                link.missedPeriods.store(snapshot.counters.missedPeriods, ordering: .relaxed)
                emit(.overrun(atMicros: deadline - start, missedPeriods: missed))
            }
        }
        let end = clock.nowMicros() - start
        let edge = scheduler.forceOff(atMicros: end, into: &hapticEvents)
        driveLine(edge, at: end, clock: clock, originMicros: start)
        forceLineOff(at: end)
        fillSnapshot()
        snapshot.hapticLineActive = false
        publishSnapshot()
        link.latencies.publish(latencies)
        link.stopped.store(true, ordering: .releasing)
        link.progress.notify()
    }

    /// Publishes what `requests` asks for at the end of a period: the snapshot, filled
    /// (``LoopRequests/snapshot``), and the latency histograms (``LoopRequests/latencies``);
    /// then withdraws them. Most periods ask neither: that is checked where it is called.
    private func answer(_ requests: LoopRequests) {
        if requests.contains(.snapshot) {
            fillSnapshot()
            publishSnapshot()
        }
        if requests.contains(.latencies) { link.latencies.publish(latencies) }
        link.withdraw(requests.intersection(.answeredOnce))
    }

    /// Writes into the snapshot what the loop keeps elsewhere: the recogniser's and the
    /// scheduler's state, and the pipeline's output and per-cell counts (once a frame was
    /// read; they change only with one). The rest (the raw frame, the counters, the settings)
    /// the loop keeps in the snapshot itself. Field by field: the snapshot's frame started as
    /// a fresh one for this pad (``LoopSnapshot/init(cellCount:recognizer:haptics:)``), its
    /// cells past the pad's 0 as the pipeline's are.
    private func fillSnapshot() {
        snapshot.pressState = recognizer.state
        snapshot.progressQ16 = recognizer.progressQ16
        snapshot.hapticCounters = scheduler.counters
        snapshot.hapticLineActive = scheduler.lineIsActive
        snapshot.hapticPlaying = scheduler.isPlaying
        guard snapshot.hasFrame else { return }
        pipeline.writeOutput(into: &snapshot.force)
        // Cell by cell into the snapshot: no 256-cell array copied.
        pipeline.writeCellCounts(into: &snapshot.cellCounts)
        snapshot.hasTare = pipeline.hasTare
        snapshot.tare = pipeline.tareOutcome
    }

    /// Publishes the snapshot as it stands: the pad's cells of its per-cell arrays and
    /// everything else (``LoopSnapshotPublication``).
    private func publishSnapshot() {
        snapshots.publish { slot, isNew in publication.write(&snapshot, into: slot, whole: isNew) }
    }

    /// Pushes the recogniser's events, hands them to the menu and plays their patterns.
    /// Most periods have none: that is checked where it is called (inlined), not in a call.
    @inline(__always)
    private func handlePressEvents(at timeMicros: Int64) {
        guard !pressEvents.isEmpty else { return }
        for index in 0..<pressEvents.count {
            let event = pressEvents[index]
            emit(.press(event))
            menu.handle(event, into: &menuEvents)
            switch event {
            case .peek: trigger(.peek, at: timeMicros)
            case .pop: trigger(.pop, at: timeMicros)
            case .released(_, let stage) where stage == .pop: trigger(.release, at: timeMicros)
            default: break
            }
        }
        pressEvents.removeAll()
    }

    /// Pushes the menu's events and plays its patterns: the opening one, then a tick per slot
    /// change (not for the first selection, which comes with the opening).
    @inline(__always)
    private func handleMenuEvents(at timeMicros: Int64) {
        guard !menuEvents.isEmpty else { return }
        var opened = false
        for index in 0..<menuEvents.count {
            let event = menuEvents[index]
            emit(.quickAction(event))
            switch event {
            case .opened:
                opened = true
                if let id = menuOpenedPattern { trigger(id, at: timeMicros, forStage: false) }
            case .selected:
                if !opened, let id = menuTickPattern { trigger(id, at: timeMicros, forStage: false) }
            default: break
            }
        }
        menuEvents.removeAll()
    }

    /// Plays pattern `id`; a stage's pattern (`forStage`) also starts a latency measurement.
    private func trigger(_ id: HapticPatternID, at timeMicros: Int64, forStage: Bool = true) {
        guard let pattern = patterns[id], !pattern.isEmpty else { return }
        scheduler.trigger(pattern, id: id, atMicros: timeMicros)
        if forStage { stagePendingSinceMicros = timeMicros }
    }

    /// Makes `edge` on the line (when the access mode allows), records the stage→line latency
    /// on the first rising edge after a stage, and pushes the period's haptic events with
    /// what the line did (``HapticLineTiming``). Most periods have neither an edge nor an
    /// event: that is checked where it is called (inlined), not in a call.
    @inline(__always)
    private func driveLine<Clock: LoopClock & ~Copyable>(
        _ edge: HapticLineEdge?, at timeMicros: Int64, clock: borrowing Clock, originMicros: Int64
    ) {
        guard edge != nil || !hapticEvents.isEmpty else { return }
        var lineMicros = timeMicros
        if let edge, scheduler.settings.lineAccess.touchesLine {
            if edge == .rising && stagePendingSinceMicros >= 0 {
                link.pendingStageEdgeMicros.store(stagePendingSinceMicros, ordering: .releasing)
            }
            do {
                try line.setActive(edge == .rising)
            } catch {
                emit(.hapticLineFailed(atMicros: timeMicros, errno: error.errno))
            }
            lineMicros = clock.nowMicros() - originMicros
        }
        var stageMicros: Int64?
        if edge == .rising && stagePendingSinceMicros >= 0 {
            stageMicros = stagePendingSinceMicros
            if scheduler.settings.lineAccess == .drive {
                latencies.stageLatency.record(lineMicros - stagePendingSinceMicros)
                link.latencies.publish(latencies)
            }
            stagePendingSinceMicros = -1
        }
        for index in 0..<hapticEvents.count {
            let event = hapticEvents[index]
            let timing: HapticLineTiming = switch scheduler.settings.lineAccess {
            case .drive: .driven(lineMicros: lineMicros, stageMicros: event.isOn ? stageMicros : nil)
            case .keepOff: .notDriven
            case .dryRun: .dryRun
            }
            emit(.haptic(event, line: timing))
        }
        hapticEvents.removeAll()
    }

    private func apply(_ envelope: LoopCommandEnvelope, at timeMicros: Int64) {
        switch envelope.command {
        case .apply(let settings):
            recognizer.settings = settings.recognizer
            snapshot.recognizer = settings.recognizer
            pipeline.apply(settings.pipeline)
            if scheduler.lineIsActive && settings.haptics.lineAccess != scheduler.settings.lineAccess {
                let edge = scheduler.forceOff(atMicros: timeMicros, into: &hapticEvents)
                if edge != nil { forceLineOff(at: timeMicros) }
            }
            scheduler.settings = settings.haptics
            snapshot.haptics = settings.haptics
            noteAmplitudeDriving()
        case .setPattern(let id, let pattern):
            patterns.store(pattern, as: id)
        case .playPattern(let id, let pattern):
            scheduler.trigger(pattern, id: id, atMicros: timeMicros)
        case .setQuickActions(let settings, let shown, let opened, let tick):
            menu.settings = settings
            shownShortcuts = shown
            menuOpenedPattern = opened
            menuTickPattern = tick
        case .cancelPress:
            recognizer.cancel(reason: .command, atMicros: timeMicros, into: &pressEvents)
            handlePressEvents(at: timeMicros)
            handleMenuEvents(at: timeMicros)
        case .tare:
            pipeline.startTare()
            snapshot.tare = pipeline.tareOutcome
        case .useCalibration(let calibration):
            pipeline.use(calibration.takeUnretainedValue())
        case .simulate(let command):
            if !source.apply(command, at: timeMicros) {
                emit(.simulationRefused(sequence: envelope.sequence))
            }
        }
        snapshot.appliedCommand = envelope.sequence
    }

    private func forceLineOff(at timeMicros: Int64) {
        guard scheduler.settings.lineAccess.touchesLine else { return }
        do {
            try line.setActive(false)
        } catch {
            emit(.hapticLineFailed(atMicros: timeMicros, errno: error.errno))
        }
    }

    /// Real-time playback: the amplitude for this frame's force, written when it differs from
    /// the last one written (one call, one transfer); 0 while the sensor is lost, with haptics
    /// off or in a dry run. A failed write is counted and tried again next period.
    private func driveAmplitude() {
        let haptics = snapshot.haptics
        let amplitude = snapshot.sensorLost || haptics.lineAccess != .drive
            ? 0 : haptics.rtp.amplitude(total: pipeline.output.total, thresholds: recognizer.settings.thresholds)
        guard amplitude != writtenAmplitude else { return }
        do {
            try line.setAmplitude(amplitude)
            writtenAmplitude = amplitude
            noteAmplitudeDriving()
            snapshot.counters.amplitudeWrites += 1
        } catch {
            snapshot.counters.amplitudeWriteFailures += 1
        }
        snapshot.amplitude = writtenAmplitude
    }

    /// Works ``drivesAmplitude`` out again, after the settings or the amplitude written changed.
    private func noteAmplitudeDriving() {
        drivesAmplitude = snapshot.haptics.rtp != .off || writtenAmplitude != 0
    }

    private func emit(_ event: LoopEvent) {
        if !link.events.push(event) { snapshot.counters.droppedEvents += 1 }
    }
}
