import ForcePadCore
import ForcePadHAL
import Synchronization

/// Keeps the DRV2605L's sequencer holding the sequence of the stage that fires next, and
/// follows the loop's events off the loop (on the event pump's thread):
/// - the sequencer holds one sequence, so after peek fires pop's is loaded, after pop
///   release's (when there is one), and after a release or cancel peek's again (when they
///   differ: one slot write per step and a terminator, each one transfer);
/// - the chip reads each slot only when playback gets there, so a sequence rewritten while
///   one plays would change what plays: the next sequence waits (``pending``) until the loop
///   has finished the period of the event that asked for it and GO then reads clear, checked
///   at once and then at every pump (one read each, ``loadPending()``). The loop pushes a
///   stage's event before it writes that stage's GO (or raises the IN/TRIG line) later in the
///   same period, so GO read clear before the period finished says nothing: loading then
///   would make the loop's GO play the next stage's sequence;
/// - a lost sensor puts the chip in standby, its return sets it up again;
/// - with haptics off or in a dry run (``drives`` false) a returning sensor leaves the chip
///   in standby;
/// - stage sequences changed from the shell (``use(_:)``) replace the ones followed, and the
///   sequence of the stage that fires next is loaded at the next pump, when GO reads clear.
/// With `trigger = "i2c"` the loop writes GO itself (``DRV2605LGoLine``).
/// A failed transfer is kept in the driver's last error and logged by the caller; nothing
/// here ever runs on the loop.
///
/// Because the reload runs off the loop, a stage can fire before its sequence is in the
/// slots (a pop within a few ms of peek): the chip then plays the sequence that was loaded.
/// Each stage event is checked against the loop time at which its own sequence finished
/// loading; a stage that fired earlier is counted in ``lateSequences`` and reported, so a
/// lab never reads a press as having played an effect it did not play.
final class HapticDriverStages: Sendable {
    let driver: any HapticDriverControl
    private let state: PosixMutex<StageState>
    /// Whether haptics drive the actuator (`haptic on`); false with `haptic off` or `dry-run`.
    let drives: Atomic<Bool>
    /// Stages that fired before their own sequence was loaded, so the chip played the
    /// previous one (`late_sequences` in `haptic stats`).
    let lateSequences = Atomic<UInt64>(0)
    /// The loop's time now (µs since its start), read after each load.
    private let loopMicros: @Sendable () -> Int64
    /// Loop time (µs) of the last period the loop finished (``LoopLink/finishedPeriodMicros``).
    private let finishedPeriodMicros: @Sendable () -> Int64

    private struct StageState {
        /// The stages' sequences by stage name (``HapticSettings/effects``).
        var effects: [String: DRV2605LSequence]
        /// The stage the sequencer is to hold the sequence of: the one that fires next.
        var upcoming = UpcomingStage.first
        var loaded: DRV2605LSequence?
        /// The sequence to load once the one playing has ended; nil when none waits.
        var pending: DRV2605LSequence?
        /// Loop time (µs) of the event that asked for ``pending``: it loads only once the loop
        /// has finished that period.
        var pendingAfterMicros = Int64.min
        /// Whether a failed load of ``pending`` was reported already.
        var pendingFailureReported = false
        /// Loop time (µs) at which ``loaded`` was in the slots; `Int64.min` for the sequence
        /// loaded at start-up, before the loop ran.
        var loadedAtMicros = Int64.min

        /// The sequence ``upcoming`` plays; nil when it plays none.
        var upcomingSequence: DRV2605LSequence? {
            switch upcoming {
            case .first: HapticDriverStages.first(of: effects)
            case .pop: effects["pop"]
            case .release: effects["release"]
            }
        }
    }

    /// The stage that fires next, as the press goes.
    private enum UpcomingStage {
        /// Peek, or pop when peek has no sequence: no press has passed peek.
        case first
        /// After peek.
        case pop
        /// After pop.
        case release
    }

    /// - Parameter loopMicros: the loop's time now (µs since its start).
    /// - Parameter finishedPeriodMicros: loop time (µs) of the last period the loop finished.
    init(
        driver: any HapticDriverControl, effects: [String: DRV2605LSequence], drives: Bool = true,
        loopMicros: @escaping @Sendable () -> Int64, finishedPeriodMicros: @escaping @Sendable () -> Int64
    ) {
        self.drives = Atomic(drives)
        self.driver = driver
        self.loopMicros = loopMicros
        self.finishedPeriodMicros = finishedPeriodMicros
        state = PosixMutex(StageState(effects: effects, loaded: Self.first(of: effects)))
    }

    /// Follows `effects` (by stage name) from now on. The sequence of the stage that fires
    /// next, when it changed, waits for the next pump (``loadPending()``) and the chip to be
    /// idle, as after a stage: only the pump's thread writes the slots.
    func use(_ effects: [String: DRV2605LSequence]) {
        let now = loopMicros()
        state.withLock {
            $0.effects = effects
            let sequence = $0.upcomingSequence
            $0.pending = sequence == $0.loaded ? nil : sequence
            $0.pendingAfterMicros = now
            $0.pendingFailureReported = false
        }
    }

    /// The sequence loaded at start: peek's, else pop's.
    static func first(of effects: [String: DRV2605LSequence]) -> DRV2605LSequence? {
        effects["peek"] ?? effects["pop"]
    }

    /// Acts on one event of the loop. Returns the warning to report: a failed transfer, or a
    /// stage that fired before its sequence was loaded.
    func follow(_ event: LoopEvent) -> String? {
        var late: String?
        do throws(DRV2605LError) {
            switch event {
            case .press(.peek(let timeMicros, _)):
                late = lateSequence(stage: "peek", firedAtMicros: timeMicros)
                try loadWhenIdle(.pop, after: timeMicros)
            case .press(.pop(let timeMicros, _)):
                late = lateSequence(stage: "pop", firedAtMicros: timeMicros)
                try loadWhenIdle(.release, after: timeMicros)
            case .press(.released(let timeMicros, _)):
                try loadWhenIdle(.first, after: timeMicros)
            case .press(.cancelled(let timeMicros, _)):
                try loadWhenIdle(.first, after: timeMicros)
            case .sensorLost:
                if let error = driver.enterStandby() { throw error }
            case .sensorRestored where drives.load(ordering: .relaxed):
                try driver.resume()
            default:
                break
            }
            return late
        } catch {
            state.withLock { $0.pendingFailureReported = true }
            return [late, error.description].compactMap { $0 }.joined(separator: "; ")
        }
    }

    /// Counts and describes a stage whose own sequence was not in the slots when it fired at
    /// `firedAtMicros` (loop time); nil when it was, or when the stage has no sequence.
    private func lateSequence(stage: String, firedAtMicros: Int64) -> String? {
        let (own, loaded, loadedAt) = state.withLock { ($0.effects[stage], $0.loaded, $0.loadedAtMicros) }
        guard let own else { return nil }
        if loaded == own && loadedAt <= firedAtMicros { return nil }
        lateSequences.add(1, ordering: .relaxed)
        let loadedText = loaded == own
            ? "it was loaded \(FixedDecimal.format(loadedAt - firedAtMicros, scale: 3)) ms later"
            : "it was not loaded"
        return "\(stage) fired before its sequence was in the slots (\(loadedText)); the chip played the sequence before it"
    }

    /// Loads the waiting sequence if the chip has finished playing; called at every pump.
    /// Returns the failure to report the first time a transfer for the waiting sequence
    /// fails (it keeps waiting, and is tried again at the next pump without a new line).
    func loadPending() -> String? {
        do throws(DRV2605LError) {
            try loadPendingIfIdle()
            return nil
        } catch {
            let first = state.withLock { state in
                defer { state.pendingFailureReported = true }
                return !state.pendingFailureReported
            }
            return first ? error.description : nil
        }
    }

    /// Makes `stage` the one that fires next and its sequence the next to load (nothing waits
    /// when it is loaded already, or there is none) once the loop has finished the period at
    /// `eventMicros` (loop time, µs), and loads it at once if it has and the chip is idle.
    private func loadWhenIdle(_ stage: UpcomingStage, after eventMicros: Int64) throws(DRV2605LError) {
        state.withLock {
            $0.upcoming = stage
            let sequence = $0.upcomingSequence
            $0.pending = sequence == $0.loaded ? nil : sequence
            $0.pendingAfterMicros = eventMicros
            $0.pendingFailureReported = false
        }
        try loadPendingIfIdle()
    }

    private func loadPendingIfIdle() throws(DRV2605LError) {
        guard let (sequence, afterMicros) = state.withLock({ state in state.pending.map { ($0, state.pendingAfterMicros) } }),
            finishedPeriodMicros() >= afterMicros, try !driver.isPlaying()
        else { return }
        try driver.load(sequence)
        let now = loopMicros()
        state.withLock {
            $0.loaded = sequence
            $0.loadedAtMicros = now
            if $0.pending == sequence { $0.pending = nil }
        }
    }
}
