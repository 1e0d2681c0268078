/// Turns force frames into presses, after `UIPreviewInteraction`: began → preview progress
/// → peek → commit progress → pop → released, or cancelled. Integer-only and
/// allocation-free; one value per pad, owned by the loop.
///
/// The rules recognise intent, not raw force:
/// - A stage fires once the frame total has been at or above its threshold in every frame
///   for the dwell time (`hysteresis.dwellMicros`, 0: at once). Each threshold has its own
///   dwell clock, started by the first frame at or above it, so a stab straight past pop
///   yields began, peek and pop in one frame, in that order. Pop never fires before peek.
/// - Each stage fires at most once per press; nothing re-arms until the press ends. The
///   press is released when the total falls below touch − the touch band.
/// - The press is cancelled when more than one contact region appears (if
///   `multiTouchFails`), when the centroid moves faster than the drag speed before pop,
///   when the sensor is lost, or on command. A finger lifting off moves the centroid too
///   (cells leave contact one by one), so once the total has fallen below half of the
///   press's peak the centroid is not read as a drag. After a cancel nothing is reported until the
///   total falls below the release level; then a new press may begin.
/// - Progress events report the phase's progress (preview: touch → peek, commit: peek →
///   pop) only when it moved by the progress step and the progress interval has passed
///   since the last one (the stage event opening a phase counts as progress 0 at its time);
///   a phase reports nothing once the stage it leads to has fired.
///
/// Within one frame the release is checked first, then the cancels, then the stages, then
/// progress; a press whose first frame already has two contact regions begins and is
/// cancelled in that frame. Settings may be replaced between frames; a press in progress
/// uses them from the next frame on.
public struct PressRecognizer: Sendable, BitwiseCopyable {
    public var settings: PressRecognizerSettings {
        didSet { lowestThresholdMilligrams = Self.lowestThreshold(of: settings) }
    }
    /// The lowest of the three thresholds (mg): a frame below it with no press only restarts
    /// the dwells (``update(with:into:)``). Kept with the settings, so that the frame is
    /// compared once, not three times.
    @usableFromInline private(set) var lowestThresholdMilligrams: Int32
    /// Where the current press stands.
    public private(set) var state: PressState = .idle
    /// Progress through the current phase as of the last frame, Q16 (0…65536): preview
    /// while touching, commit after peek, 65536 after pop, 0 with no press.
    public private(set) var progressQ16: Int32 = 0

    /// Whether the deepest stage this press fired (peek or pop) is still held: true from the
    /// frame it fires until the total first falls below its threshold minus its band, or the
    /// press ends. A stage once left stays left (no re-trigger); pop fired after peek was left
    /// is held again. In trigger-level haptic mode the line is held exactly while this is true.
    /// Stored, set where a stage fires and cleared where it is left or the press ends: the loop
    /// asks it twice a period, and worked out from the state it cost a jump table each time.
    public private(set) var isDeepestStageHeld = false

    @usableFromInline var touchDwell = ThresholdDwell()
    @usableFromInline var peekDwell = ThresholdDwell()
    @usableFromInline var popDwell = ThresholdDwell()
    private var progressLimiter = ProgressRateLimiter()
    private var dragDetector = DragDetector()
    /// Highest frame total of the current press (mg, Q0).
    private var peakMilligrams: Int32 = 0

    /// 1.0 in Q16.
    private static let oneQ16: Int32 = 1 << 16

    public init(settings: PressRecognizerSettings) {
        self.settings = settings
        lowestThresholdMilligrams = Self.lowestThreshold(of: settings)
    }

    /// The lowest of `settings`' three thresholds (mg): touch, unless settings made without
    /// ``SettingsRules`` have them out of order.
    private static func lowestThreshold(of settings: PressRecognizerSettings) -> Int32 {
        let thresholds = settings.thresholds
        return min(thresholds.touch.milligrams, thresholds.peek.milligrams, thresholds.pop.milligrams)
    }

    /// Feeds one frame and appends what it caused to `events`, in order.
    @inlinable
    public mutating func update(with frame: ForceFrame, into events: inout PressEventBuffer) {
        update(with: frame.summary, into: &events)
    }

    /// Feeds one frame by its summary (all the recogniser reads of it) and appends what it
    /// caused to `events`, in order. A frame below every threshold with no press under way,
    /// most of a loop's frames, only restarts the three dwells: that is done inline, where the
    /// loop calls it, and every other frame in ``updatePressed(with:into:)``.
    @_noAllocation @inlinable @inline(__always)
    public mutating func update(with frame: ForceFrameSummary, into events: inout PressEventBuffer) {
        if case .idle = state, frame.total.milligrams < lowestThresholdMilligrams {
            touchDwell.restart()
            peekDwell.restart()
            popDwell.restart()
            return
        }
        updatePressed(with: frame, into: &events)
    }

    /// ``update(with:into:)`` for a frame at or above a threshold or during a press. What it
    /// asks every frame (the drag check with the drag detector, the stages left, the progress)
    /// is inlined into it: as calls of their own they cost the loop about 33 instructions a
    /// period (docs/performance.md).
    @_noAllocation @usableFromInline
    mutating func updatePressed(with frame: ForceFrameSummary, into events: inout PressEventBuffer) {
        let time = frame.timeMicros
        let total = frame.total
        let thresholds = settings.thresholds
        let dwell = settings.hysteresis.dwellMicros
        let touchHeld = touchDwell.isHeld(
            total, threshold: thresholds.touch, atMicros: time, dwellMicros: settings.hysteresis.touchDwellMicros)
        let peekHeld = peekDwell.isHeld(total, threshold: thresholds.peek, atMicros: time, dwellMicros: dwell)
        let popHeld = popDwell.isHeld(total, threshold: thresholds.pop, atMicros: time, dwellMicros: dwell)
        let belowRelease = Self.isBelow(total, thresholds.touch, band: settings.hysteresis.touch)

        switch state {
        case .cancelled:
            if belowRelease { state = .idle }
            return
        case .idle:
            guard touchHeld else { return }
            begin(frame, into: &events)
        case .touching, .peek, .pop:
            if belowRelease {
                end(with: .released(atMicros: time, stage: deepestStage()), into: &events)
                return
            }
        }

        if settings.multiTouchFails && frame.contacts > 1 {
            end(with: .cancelled(atMicros: time, reason: .multiTouch), into: &events)
            return
        }
        if isDraggedBeforePop(frame) {
            end(with: .cancelled(atMicros: time, reason: .drag), into: &events)
            return
        }
        if case .touching = state, peekHeld {
            state = .peek
            isDeepestStageHeld = true
            events.append(.peek(atMicros: time, force: total))
            progressLimiter.restart(atMicros: time)
        }
        if case .peek = state, popHeld {
            state = .pop
            isDeepestStageHeld = true
            events.append(.pop(atMicros: time, force: total))
        }
        noteLeftStages(total)
        reportProgress(total, atMicros: time, into: &events)
    }

    /// The sensor stopped delivering frames at `time` (µs): cancels a press in progress
    /// (`sensorLost`) and restarts every dwell, since the force in the gap is unknown.
    @_noAllocation
    public mutating func sensorLost(atMicros time: Int64, into events: inout PressEventBuffer) {
        cancel(reason: .sensorLost, atMicros: time, into: &events)
        touchDwell.restart()
        peekDwell.restart()
        popDwell.restart()
    }

    /// Cancels a press in progress at `time` (µs) for `reason` (the shell uses `command`).
    /// Does nothing when no press is in progress.
    @_noAllocation
    public mutating func cancel(reason: PressCancelReason, atMicros time: Int64, into events: inout PressEventBuffer) {
        switch state {
        case .touching, .peek, .pop: break
        case .idle, .cancelled: return
        }
        end(with: .cancelled(atMicros: time, reason: reason), into: &events)
    }

    @_noAllocation
    private func deepestStage() -> PressStage {
        switch state {
        case .peek: .peek
        case .pop: .pop
        case .idle, .touching, .cancelled: .none
        }
    }

    /// Feeds the centroid to the drag detector until pop; after pop a drag changes nothing.
    /// While the total is below half of the press's peak the finger is lifting: the detector
    /// starts afresh instead.
    @_noAllocation @inline(__always)
    private mutating func isDraggedBeforePop(_ frame: ForceFrameSummary) -> Bool {
        let total = frame.total.milligrams
        if total > peakMilligrams { peakMilligrams = total }
        if total < peakMilligrams / 2 {
            dragDetector.reset()
            return false
        }
        return switch state {
        case .touching, .peek:
            dragDetector.isDragging(
                position: frame.centroid, contacts: frame.contacts, atMicros: frame.timeMicros,
                speedQ16PerSecond: settings.dragSpeedQ16PerSecond, windowMicros: settings.dragWindowMicros)
        case .idle, .pop, .cancelled:
            false
        }
    }

    @_noAllocation
    private mutating func begin(_ frame: ForceFrameSummary, into events: inout PressEventBuffer) {
        state = .touching
        isDeepestStageHeld = false
        dragDetector.reset()
        peakMilligrams = 0
        progressLimiter.restart(atMicros: frame.timeMicros)
        events.append(.began(atMicros: frame.timeMicros, force: frame.total, position: frame.centroid))
    }

    /// Ends the press with `event` (a release or a cancel).
    @_noAllocation
    private mutating func end(with event: PressEvent, into events: inout PressEventBuffer) {
        if case .released = event {
            state = .idle
        } else {
            state = .cancelled
        }
        progressQ16 = 0
        isDeepestStageHeld = false
        events.append(event)
    }

    @_noAllocation @inline(__always)
    private mutating func noteLeftStages(_ total: Force) {
        let thresholds = settings.thresholds
        let hysteresis = settings.hysteresis
        switch state {
        case .pop:
            if Self.isBelow(total, thresholds.pop, band: hysteresis.pop) { isDeepestStageHeld = false }
        case .peek:
            if Self.isBelow(total, thresholds.peek, band: hysteresis.peek) { isDeepestStageHeld = false }
        case .idle, .touching, .cancelled:
            break
        }
    }

    @_noAllocation @inline(__always)
    private mutating func reportProgress(_ total: Force, atMicros time: Int64, into events: inout PressEventBuffer) {
        let thresholds = settings.thresholds
        let phase: PressPhase
        switch state {
        case .touching:
            phase = .preview
            progressQ16 = Self.progressQ16(total, from: thresholds.touch, to: thresholds.peek)
        case .peek:
            phase = .commit
            progressQ16 = Self.progressQ16(total, from: thresholds.peek, to: thresholds.pop)
        case .pop:
            progressQ16 = Self.oneQ16
            return
        case .idle, .cancelled:
            progressQ16 = 0
            return
        }
        if progressLimiter.admits(
            progressQ16, atMicros: time, stepQ16: settings.progressStepQ16,
            intervalMicros: settings.progressIntervalMicros)
        {
            events.append(.progress(atMicros: time, phase: phase, progressQ16: progressQ16))
        }
    }

    /// Whether `force` is below `threshold` − `band` (all Q0 mg; computed wide, no overflow).
    @_noAllocation
    private static func isBelow(_ force: Force, _ threshold: Force, band: Force) -> Bool {
        Int64(force.milligrams) < Int64(threshold.milligrams) - Int64(band.milligrams)
    }

    /// Where `force` lies from `lower` (0) to `upper` (65536), Q16, clamped to 0…65536.
    @_noAllocation
    private static func progressQ16(_ force: Force, from lower: Force, to upper: Force) -> Int32 {
        let span = Int64(upper.milligrams) - Int64(lower.milligrams)
        guard span > 0 else { return force.milligrams >= upper.milligrams ? oneQ16 : 0 }
        let above = Int64(force.milligrams) - Int64(lower.milligrams)
        let scaled = (above << 16) / span
        return Int32(min(max(scaled, 0), Int64(oneQ16)))
    }
}
