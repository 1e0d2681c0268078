import ForcePadCore
import ForcePadHAL
import Synchronization

/// The one consumer of the loop's event and force rings, the edge watcher's ring and the
/// reference and accelerometer readers' rings. It pops each event once and hands it to its sinks (``EventSink``), in the
/// order they were given: the console, the recorder and the pad's menu, wired where the
/// program is assembled; their console lines print in that order.
///
/// With a reference sensor it keeps the last readings (``ReferenceHistory``): a peek or pop
/// carries `reference_g` at its frame's time, so such an event waits until a reading after
/// that time has come (or can no longer come in time, ``ReferenceHistory/isSettled``: a
/// reading may reach the pump up to ``ReferenceHistory/deliveryAllowanceMicros`` late),
/// and the events after it wait behind it. A stage's `haptic.on` then carries its
/// crossing→line latency (``CrossingToLine``), from the true crossing of the stage's threshold
/// in the readings to the line's edge.
///
/// With an accelerometer each stage's click is measured (``FeltClickFollower``) once the
/// samples after it have come, and handed on as `haptic.felt`.
///
/// A background thread pumps every few milliseconds; the shell pumps before each answer so
/// events print in order with it, and the recorder pumps once the loop has moved past its
/// last frame. Pumping is serialised by the lock that owns the rings' consumer handles.
/// While an interactive shell shows its input line, console lines wait (at most
/// ``maxWaitingLines``) until it takes them; the recorder and the menu get every event at once.
final class EventPump: Sendable {
    private let channels: PosixMutex<EventPumpChannels>
    /// Who gets each event, in order.
    private let sinks: [any EventSink]
    /// Where the sinks' console lines go.
    private let output: ConsoleOutput
    /// The shell's mode, for the pump's own warning lines.
    private let mode: SharedOutputMode
    /// A haptic pattern's name, for finding a stage pulse's crossing.
    private let patternName: @Sendable (HapticPatternID) -> String
    /// The board's haptic driver chip's stages, following press and sensor events; nil without a driver.
    let driverStages: HapticDriverStages?
    /// Gives the loop's origin, to tell how far the loop has run past a held event.
    private let link: LoopLink
    /// Whether pumped lines print at once (true), or wait for ``takeLines()`` because an
    /// interactive shell is showing its input line.
    let printsAtOnce = Atomic<Bool>(true)
    /// Most console lines kept for the interactive shell; older ones are dropped and counted.
    static let maxWaitingLines = 4096

    /// Takes the consumer handles of `link`'s event and edge rings; nil if another consumer has them.
    init?(
        link: LoopLink, sinks: [any EventSink], output: ConsoleOutput, mode: SharedOutputMode,
        patternName: @escaping @Sendable (HapticPatternID) -> String, driverStages: HapticDriverStages? = nil
    ) {
        self.driverStages = driverStages
        guard let events = link.events.takeConsumer() else { return nil }
        guard let edges = link.edges.takeConsumer() else { return nil }
        guard let references = link.references.takeConsumer() else { return nil }
        guard let accelerations = link.accelerations.takeConsumer() else { return nil }
        guard let forces = link.forces.takeConsumer() else { return nil }
        channels = PosixMutex(
            EventPumpChannels(events: events, edges: edges, references: references, accelerations: accelerations, forces: forces))
        self.link = link
        self.sinks = sinks
        self.output = output
        self.mode = mode
        self.patternName = patternName
    }

    /// Takes every waiting event: the recorder and the menu get them, and their console lines
    /// print (or wait for the interactive shell). `settlingAll` delivers the events waiting
    /// for a reference reading too, with what the readings so far give (once the loop stopped).
    func pump(settlingAll: Bool = false) {
        channels.withLock { channels in deliver(take(&channels, settlingAll: settlingAll), in: &channels) }
    }

    /// Keeps the reference sensor's readings from now on; it is read every `samplePeriodMicros`.
    func useReference(samplePeriodMicros: Int64) {
        channels.withLock { $0.history = ReferenceHistory(samplePeriodMicros: samplePeriodMicros) }
    }

    /// Measures each stage's click from the accelerometer's samples from now on, whose stamps
    /// are off by at most `stampUncertaintyMicros`.
    func useAccelerometer(stampUncertaintyMicros: Int64) {
        channels.withLock { $0.felt = FeltClickFollower(stampUncertaintyMicros: stampUncertaintyMicros) }
    }

    /// Makes `thresholds` the ones a stage pulse's crossing is found for (the settings in force).
    func useThresholds(_ thresholds: Thresholds) {
        channels.withLock { $0.crossing.thresholds = thresholds }
    }

    /// The crossing→line latency of the stage pulses so far; nil without a reference sensor.
    func crossingToLine() -> LatencyHistogram? {
        channels.withLock { $0.history == nil ? nil : $0.crossingToLine }
    }

    /// Whether a stage's click still waits for the accelerometer's samples after it.
    func isWaitingForClicks() -> Bool {
        channels.withLock { $0.felt?.isWaiting ?? false }
    }

    /// The clicks the accelerometer measured so far; nil without an accelerometer.
    func feltTally() -> FeltTally? {
        channels.withLock { $0.felt?.tally }
    }

    /// The newest reference reading (loop time), or nil without a sensor or before its first reading.
    func latestReference() -> ReferenceSample? {
        channels.withLock { channels in
            while let sample = channels.references.pop() { channels.history?.append(sample) }
            return channels.history?.latest
        }
    }

    /// Prints a change in the reference sensor's health in order with the loop's events.
    func report(_ report: ReferenceReaderReport, atMicros time: Int64) {
        deliverInOrder(.referenceHealth(report, atMicros: time))
    }

    /// Prints a change in the accelerometer's health in order with the loop's events.
    func report(_ report: AccelerometerReaderReport, atMicros time: Int64) {
        deliverInOrder(.accelerometerHealth(report, atMicros: time))
    }

    /// Hands `event`, which comes from outside the loop, to the sinks after the loop's events so far.
    private func deliverInOrder(_ event: PumpedEvent) {
        channels.withLock { channels in
            let earlier = take(&channels)
            deliver(earlier + hand(event), in: &channels)
        }
    }

    /// Pumps, then returns the console lines waiting for the interactive shell (with a note
    /// when some were dropped) without printing them.
    func takeLines() -> [String] {
        channels.withLock { channels in
            keep(take(&channels), in: &channels)
            return takeWaiting(&channels)
        }
    }

    /// Hands a travel sample of the test stand to the sinks (the recorder keeps it) in order with the loop's events.
    func report(_ sample: StandSample) {
        deliverInOrder(.standSample(sample))
    }

    /// Prints a `stand.stopped` event in order with the loop's events.
    func report(_ stop: StandStopReason, atMicros time: Int64) {
        deliverInOrder(.standStopped(stop, atMicros: time))
    }

    /// Prints a `shortcut.performed` event in order with the loop's events.
    func report(_ outcome: ShortcutOutcome, atMicros time: Int64) {
        deliverInOrder(.shortcut(outcome, atMicros: time))
    }

    /// Hands `event` to every sink in order; returns their console lines.
    private func hand(_ event: PumpedEvent) -> [String] {
        var lines: [String] = []
        for sink in sinks { lines += sink.take(event) }
        return lines
    }

    /// Prints `lines` after those waiting, or keeps them while the interactive shell shows
    /// its input line.
    private func deliver(_ lines: [String], in channels: inout EventPumpChannels) {
        keep(lines, in: &channels)
        if printsAtOnce.load(ordering: .relaxed) { output.write(lines: takeWaiting(&channels)) }
    }

    /// The waiting lines, after a note when some were dropped; none wait afterwards.
    private func takeWaiting(_ channels: inout EventPumpChannels) -> [String] {
        var lines = channels.waitingLines
        channels.waitingLines.removeAll()
        if channels.droppedLines > 0 {
            lines.insert(warning("\(CountText.of(channels.droppedLines, "event line")) dropped while the console was busy", source: "console"), at: 0)
            channels.droppedLines = 0
        }
        return lines
    }

    /// A warning line in the shell's mode, at the loop's time now.
    private func warning(_ message: String, source: String) -> String {
        WarningText.line(
            message, source: source, mode: mode.mode,
            atMicros: link.loopMicrosNow())
    }

    private func keep(_ lines: [String], in channels: inout EventPumpChannels) {
        channels.waitingLines += lines
        let excess = channels.waitingLines.count - Self.maxWaitingLines
        if excess > 0 {
            channels.waitingLines.removeFirst(excess)
            channels.droppedLines += excess
        }
    }

    /// Follows the presses for the crossing of a stage pulse, and gives a stage's `haptic.on`
    /// its crossing→line latency when the readings show the crossing (by then they do: the
    /// stage it follows waited for its reading).
    private func follow(_ event: LoopEvent, in channels: inout EventPumpChannels) -> CrossingToLine? {
        guard let history = channels.history else { return nil }
        let measured = channels.crossing.follow(
            event, patternName: patternName, samplePeriodMicros: history.samplePeriodMicros,
            crossing: { history.crossing(of: $0, stageMicros: $1, windowStartMicros: $2) })
        if let measured { channels.crossingToLine.record(measured.micros) }
        return measured
    }

    private func take(_ channels: inout EventPumpChannels, settlingAll: Bool = false) -> [String] {
        var lines: [String] = []
        while let sample = channels.references.pop() {
            channels.history?.append(sample)
            if channels.history != nil { lines += hand(.referenceSample(sample)) }
        }
        while let sample = channels.accelerations.pop() {
            guard channels.felt != nil else { continue }
            channels.felt?.append(sample)
            lines += hand(.accelerationSample(sample))
        }
        while let frame = channels.forces.pop() { lines += hand(.force(frame)) }
        while let event = channels.events.pop() {
            // The driver follows each event as it leaves the loop, not when it is delivered:
            // a stage event may be held for its reference reading, and the next stage's
            // sequence must be in the chip's slots before that stage fires.
            if let warning = driverStages?.follow(event) {
                lines.append(self.warning(warning, source: "haptic driver"))
            }
            channels.held.append(event)
        }
        if let warning = driverStages?.loadPending() { lines.append(self.warning(warning, source: "haptic driver")) }
        let nowMicros = link.loopMicrosNow()
        var delivered = 0
        for event in channels.held {
            var reference: Force?
            if let history = channels.history, let stageMicros = event.stageFrameMicros {
                guard settlingAll || history.isSettled(atMicros: stageMicros, nowMicros: nowMicros) else { break }
                reference = history.force(atMicros: stageMicros)
            }
            delivered += 1
            let crossing = follow(event, in: &channels)
            channels.felt?.follow(event, patternName: patternName, crossing: crossing)
            lines += hand(.loop(event, reference: reference, crossing: crossing))
        }
        channels.held.removeFirst(delivered)
        for felt in channels.felt?.measured(settlingAll: settlingAll) ?? [] { lines += hand(.felt(felt)) }
        while let edge = channels.edges.pop() { lines += hand(.edge(edge)) }
        return lines
    }
}
