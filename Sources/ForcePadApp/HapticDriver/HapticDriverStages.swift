import ForcePadCore
import ForcePadHAL
import Synchronization

/// Keeps the DRV2605L's sequencer holding the sequence of the stage that fires next, and
/// follows the loop's events off the loop (on the event pump's thread):
/// - the sequencer holds one sequence, so after peek fires pop's is loaded, and after a
///   release or cancel peek's again (when they differ: one slot write per step and a
///   terminator, each one transfer);
/// - with `trigger = "i2c"` each stage with a sequence is started with GO, one transfer,
///   and the time from the frame the stage fired in to GO's return is recorded
///   (``goLatency``, `haptic stats`);
/// - a lost sensor puts the chip in standby, its return sets it up again;
/// - with haptics off or in a dry run (``drives`` false) no GO is written and a returning
///   sensor leaves the chip in standby.
/// A failed transfer is kept in the driver's last error and logged by the caller; nothing
/// here ever runs on the loop.
final class HapticDriverStages: Sendable {
    let driver: any HapticDriverControl
    let effects: [String: DRV2605LSequence]
    private let state = PosixMutex(StageState())
    /// Whether haptics drive the actuator (`haptic on`); false with `haptic off` or `dry-run`.
    let drives: Atomic<Bool>

    private struct StageState {
        var loaded: DRV2605LSequence?
        var goLatency = LatencyHistogram()
    }

    init(driver: any HapticDriverControl, effects: [String: DRV2605LSequence], drives: Bool = true) {
        self.drives = Atomic(drives)
        self.driver = driver
        self.effects = effects
        state.withLock { $0.loaded = Self.first(of: effects) }
    }

    /// The sequence loaded at start: peek's, else pop's.
    static func first(of effects: [String: DRV2605LSequence]) -> DRV2605LSequence? {
        effects["peek"] ?? effects["pop"]
    }

    /// Stage→GO latency (µs) with `trigger = "i2c"`.
    var goLatency: LatencyHistogram { state.withLock { $0.goLatency } }

    /// Acts on one event of the loop; `nowMicros` reads the loop's clock. Returns the failure
    /// to report, if a transfer failed.
    func follow(_ event: LoopEvent, nowMicros: () -> Int64) -> DRV2605LError? {
        do throws(DRV2605LError) {
            switch event {
            case .press(.peek(let time, _)):
                try fire("peek", atMicros: time, nowMicros: nowMicros)
                try loadIfNeeded(effects["pop"])
            case .press(.pop(let time, _)):
                try fire("pop", atMicros: time, nowMicros: nowMicros)
            case .press(.released(let time, _)):
                try fire("release", atMicros: time, nowMicros: nowMicros)
                try loadIfNeeded(Self.first(of: effects))
            case .press(.cancelled):
                try loadIfNeeded(Self.first(of: effects))
            case .sensorLost:
                if let error = driver.enterStandby() { throw error }
            case .sensorRestored where drives.load(ordering: .relaxed):
                try driver.resume()
            default:
                break
            }
            return nil
        } catch {
            return error
        }
    }

    /// With the i2c trigger, plays `stage`'s sequence (loading it first when another is loaded).
    private func fire(_ stage: String, atMicros time: Int64, nowMicros: () -> Int64) throws(DRV2605LError) {
        guard driver.description.trigger == .i2c, drives.load(ordering: .relaxed), let sequence = effects[stage] else { return }
        try loadIfNeeded(sequence)
        try driver.go()
        let latency = nowMicros() - time
        state.withLock { $0.goLatency.record(latency) }
    }

    private func loadIfNeeded(_ sequence: DRV2605LSequence?) throws(DRV2605LError) {
        guard let sequence, state.withLock({ $0.loaded != sequence }) else { return }
        try driver.load(sequence)
        state.withLock { $0.loaded = sequence }
    }
}
