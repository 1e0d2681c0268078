/// Plays haptic patterns on the actuator line, one loop period at a time: driven by the
/// loop's clock (µs), never blocking, integer-only and allocation-free.
///
/// Each period, after the recogniser, the loop triggers the pattern of each stage that
/// fired (``trigger(_:id:atMicros:)``), then calls ``runPeriod(atMicros:stageHeld:into:)``
/// (``stageReleased(atMicros:)`` whenever ``PressRecognizer/isDeepestStageHeld`` is false,
/// then ``advance(toMicros:into:)``) and makes the edge it returns (one GPIO call, only when
/// the line must change). Every
/// time is a period's time: a step starts at the first period at or after it is due and
/// lasts its length from there, so with a regular period and steps in whole periods the
/// line follows the pattern exactly, and `haptic.on` of a stage carries the stage's time
/// (or the next period's, when the line was on; see below).
/// Events are the same whatever ``HapticSchedulerSettings/lineAccess`` says; only the
/// edges depend on it.
///
/// Output modes (``HapticSchedulerSettings/mode``):
/// - pulse: the line is on for the pattern's on steps;
/// - trigger-edge: one pulse of `triggerWidthMicros` per trigger, whatever the pattern;
/// - trigger-level: the line goes on at the trigger and stays on until
///   ``stageReleased(atMicros:)``; the falling edge cancels the effect. A trigger with no
///   stage held (such as `release`) is therefore dropped at the next release.
///
/// Safety limits, whatever the pattern asks:
/// - an on step lasts at most `maxOnMicros` (cut, counted);
/// - the line is never turned on in the period in which it went off, so it is really off for
///   at least one period between two on steps, whatever the pattern and `minOffMicros` say;
/// - an on step starts at least `minOffMicros` after the last off, except the first step of
///   a stage's pattern (peek, pop, release: ``HapticPatternID/isStage``), which waits only for
///   that one period: an early step is delayed, never skipped, and the rest of its pattern
///   moves with it (counted);
/// - on time within any window of `dutyWindowMicros` stays within `maxDutyPermille`: an on
///   step is shortened to what the budget still allows at its start, or skipped when
///   nothing is left (counted); the pattern goes on with its next step.
/// The line acts at period boundaries, so an observed on time can exceed a limit by less
/// than one period; limits in whole periods are met exactly.
///
/// A new trigger replaces whatever plays (pop interrupts peek): a pattern not yet on is
/// dropped; a line that is on goes off in that period. Patterns replaced before their first
/// on step report nothing. A stage's pattern therefore starts:
/// - in the stage's own period when the line was off in the period before (nothing played,
///   a pattern's off step, or a pulse that had already ended), however recently it went off:
///   a stab (peek and pop in one period) plays pop at once, and so does a pop that comes
///   at least one period after peek's pulse ended;
/// - one period after the stage when the line was on in the period before (pop fires during
///   peek's pulse, or a step ends in the stage's period): the line goes off in the stage's
///   period and the stage's first step starts in the next (counted in
///   ``HapticCounters/stagesDelayedOnePeriod``).
/// Any other pattern (`haptic test` of a pattern in quotes, the quick-action menu's) starts
/// once `minOffMicros` has passed since the last off.
public struct HapticScheduler: Sendable, BitwiseCopyable {
    /// Mode, line access and limits; may be replaced between periods (they apply to steps
    /// that start or end afterwards).
    public var settings: HapticSchedulerSettings
    public private(set) var counters = HapticCounters()
    /// Whether the line is on, as told by the last edge returned.
    public private(set) var lineIsActive = false

    /// Whether a pattern is playing or waiting to play: a replacement waits, or the phase is
    /// not idle. Stored, kept by ``phase`` and ``replacement`` as they change, so that the loop
    /// reads one field of the scheduler it holds (a computed property called from another
    /// module took a copy of the whole scheduler, 856 bytes, every period).
    public private(set) var isPlaying = false

    private var playback = HapticPlayback(pattern: .empty, id: .peek, holdsUntilReleased: false)
    private var phase = HapticPlaybackPhase.idle {
        didSet { refreshPlaying() }
    }
    /// The pattern that replaces the playing one once its on step has ended.
    private var replacement: HapticPlayback? {
        didSet { refreshPlaying() }
    }
    /// When the replacement was triggered (µs).
    private var replacementMicros: Int64 = 0
    /// When the line last went off (µs), or nil if it never went on.
    private var lastOffMicros: Int64?
    private var duty = DutyCycleWindow()

    public init(settings: HapticSchedulerSettings) {
        self.settings = settings
    }

    @_noAllocation
    private mutating func refreshPlaying() {
        if replacement != nil {
            isPlaying = true
        } else if case .idle = phase {
            isPlaying = false
        } else {
            isPlaying = true
        }
    }

    /// Starts `pattern` (called `id` in events) at `time` (µs), replacing whatever plays.
    /// An empty pattern changes nothing.
    @_noAllocation
    public mutating func trigger(_ pattern: CompiledHapticPattern, id: HapticPatternID, atMicros time: Int64) {
        guard !pattern.isEmpty else { return }
        let next: HapticPlayback
        switch settings.mode {
        case .pulse:
            next = HapticPlayback(pattern: pattern, id: id, holdsUntilReleased: false)
        case .triggerEdge:
            next = HapticPlayback(
                pattern: CompiledHapticPattern(onMicros: settings.triggerWidthMicros), id: id, holdsUntilReleased: false)
        case .triggerLevel:
            next = HapticPlayback(pattern: pattern, id: id, holdsUntilReleased: true)
        }
        switch phase {
        case .idle:
            play(next, dueMicros: time)
        case .waiting:
            counters.replaced += 1
            play(next, dueMicros: time)
        case .on(let step, let started, let offDue, _):
            if offDue > time || playback.nextOnStep(after: step, startedMicros: started) != nil {
                counters.replaced += 1
            }
            if offDue > time {
                phase = .on(step: step, startedMicros: started, offDueMicros: time, end: .interrupted)
            }
            replacement = next
            replacementMicros = time
        }
    }

    /// The stage that triggered the playing pattern is no longer held, as of `time` (µs). In
    /// trigger-level mode the line goes off at the next ``advance(toMicros:into:)`` and a
    /// level still waiting to start is dropped; in the other modes patterns play on.
    /// Inlined: the loop calls it in every period no stage is held, and with nothing playing
    /// (no phase but idle, no replacement) there is nothing to drop, so it pays one load.
    @inlinable
    public mutating func stageReleased(atMicros time: Int64) {
        guard isPlaying else { return }
        dropPlaybackHeldUntilReleased(atMicros: time)
    }

    /// ``stageReleased(atMicros:)`` while a pattern plays or waits.
    @usableFromInline @_noAllocation
    mutating func dropPlaybackHeldUntilReleased(atMicros time: Int64) {
        if let pending = replacement, pending.holdsUntilReleased {
            replacement = nil
        }
        guard playback.holdsUntilReleased else { return }
        switch phase {
        case .idle:
            break
        case .waiting:
            phase = .idle
        case .on(let step, let started, let offDue, _):
            if offDue > time {
                phase = .on(step: step, startedMicros: started, offDueMicros: time, end: .interrupted)
            }
        }
    }

    /// One period of the loop at `time` (µs): ``stageReleased(atMicros:)`` unless `stageHeld`
    /// (``PressRecognizer/isDeepestStageHeld``), then ``advance(toMicros:into:)``; returns the
    /// edge the line must make. Inlined: with nothing playing and the line off (nearly every
    /// period) neither has anything to do, and the period pays two loads for both.
    @inlinable
    public mutating func runPeriod(atMicros time: Int64, stageHeld: Bool, into events: inout HapticEventBuffer) -> HapticLineEdge? {
        guard isPlaying || lineIsActive else { return nil }
        if !stageHeld { stageReleased(atMicros: time) }
        return advancePlaying(toMicros: time, into: &events)
    }

    /// Runs the patterns up to `time` (µs), appending `haptic.on`/`haptic.off` to `events`,
    /// and returns the edge the line must make now, or nil when it stays as it is (always
    /// nil in dry runs and with haptics disabled). Inlined: the loop calls it every period,
    /// and with nothing playing and the line off (nearly every period) nothing is due and
    /// the line stays off, so it pays two loads, not a call.
    @inlinable
    public mutating func advance(toMicros time: Int64, into events: inout HapticEventBuffer) -> HapticLineEdge? {
        guard isPlaying || lineIsActive else { return nil }
        return advancePlaying(toMicros: time, into: &events)
    }

    /// ``advance(toMicros:into:)`` while a pattern plays or waits, or the line is on.
    @usableFromInline @_noAllocation
    mutating func advancePlaying(toMicros time: Int64, into events: inout HapticEventBuffer) -> HapticLineEdge? {
        while runTransition(at: time, into: &events) {}
        return lineEdge()
    }

    /// Stops everything at `time` (µs), for shutdown, a fault or a lost sensor: an on step
    /// ends now (reported), nothing waits. Returns the edge that turns the line off, if it
    /// was on.
    @_noAllocation
    public mutating func forceOff(atMicros time: Int64, into events: inout HapticEventBuffer) -> HapticLineEdge? {
        if case .on(_, let started, _, _) = phase {
            endOnStep(startedMicros: started, atMicros: time, into: &events)
        }
        phase = .idle
        replacement = nil
        return lineEdge()
    }

    /// Makes the next due change, if any; returns whether it changed something.
    @_noAllocation
    private mutating func runTransition(at time: Int64, into events: inout HapticEventBuffer) -> Bool {
        switch phase {
        case .idle:
            return false
        case .waiting(let step, let due):
            let startsStage = step == 0 && playback.id.isStage
            // 1 µs after the off: the first period after the one in which the line went off.
            let gap = startsStage ? 1 : max(settings.minOffMicros, 1)
            let earliest = lastOffMicros.map { $0 + gap } ?? due
            let start = max(due, earliest)
            guard time >= start else { return false }
            if start > due {
                if startsStage {
                    counters.stagesDelayedOnePeriod += 1
                } else {
                    counters.delayedByMinOff += 1
                }
            }
            beginOnStep(step, atMicros: time, into: &events)
            return true
        case .on(let step, let started, let offDue, let end):
            guard time >= offDue else { return false }
            endOnStep(startedMicros: started, atMicros: time, into: &events)
            switch end {
            case .maxOn: counters.cutByMaxOn += 1
            case .dutyLimit: counters.refusedByDuty += 1
            case .patternStep, .interrupted: break
            }
            if let next = replacement {
                replacement = nil
                play(next, dueMicros: replacementMicros)
            } else {
                continuePattern(after: step, startedMicros: started)
            }
            return true
        }
    }

    /// Turns on step `step` on at `time` (µs) for as long as the pattern and the limits allow,
    /// or skips it when the duty budget is spent.
    @_noAllocation
    private mutating func beginOnStep(_ step: Int, atMicros time: Int64, into events: inout HapticEventBuffer) {
        let requested = playback.requestedOnMicros(step: step)
        var length = requested
        var end = HapticStepEnd.patternStep
        if length > settings.maxOnMicros {
            length = settings.maxOnMicros
            end = .maxOn
        }
        let allowance =
            settings.dutyBudgetMicros - duty.onMicros(endingAt: time, windowMicros: settings.dutyWindowMicros)
        if allowance < length {
            length = allowance
            end = .dutyLimit
        }
        guard length > 0 else {
            if case .dutyLimit = end { counters.refusedByDuty += 1 }
            continuePattern(after: step, startedMicros: time)
            return
        }
        counters.pulses += 1
        events.append(.on(atMicros: time, pattern: playback.id))
        phase = .on(step: step, startedMicros: time, offDueMicros: time + length, end: end)
    }

    @_noAllocation
    private mutating func endOnStep(startedMicros: Int64, atMicros time: Int64, into events: inout HapticEventBuffer) {
        events.append(.off(atMicros: time, pattern: playback.id))
        lastOffMicros = time
        duty.record(onFrom: startedMicros, to: time, windowMicros: settings.dutyWindowMicros)
    }

    @_noAllocation
    private mutating func play(_ next: HapticPlayback, dueMicros: Int64) {
        playback = next
        phase = .waiting(step: 0, dueMicros: dueMicros)
    }

    @_noAllocation
    private mutating func continuePattern(after step: Int, startedMicros: Int64) {
        if let next = playback.nextOnStep(after: step, startedMicros: startedMicros) {
            phase = .waiting(step: next.step, dueMicros: next.dueMicros)
        } else {
            phase = .idle
        }
    }

    /// The edge that brings the line to where the playback and the line access want it.
    @_noAllocation
    private mutating func lineEdge() -> HapticLineEdge? {
        var wanted = false
        if case .drive = settings.lineAccess, case .on = phase { wanted = true }
        guard wanted != lineIsActive else { return nil }
        lineIsActive = wanted
        return wanted ? .rising : .falling
    }
}
