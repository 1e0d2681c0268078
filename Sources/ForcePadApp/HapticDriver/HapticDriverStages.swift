import ForcePadCore
import ForcePadHAL
import Synchronization

/// Keeps the DRV2605L's sequencer holding the sequence of the stage that fires next, and
/// follows the loop's events off the loop (on the event pump's thread):
/// - the sequencer holds one sequence, so after peek fires pop's is loaded, after pop
///   release's (when there is one), and after a release or cancel peek's again (when they differ: one slot write per step and a
///   terminator, each one transfer);
/// - a lost sensor puts the chip in standby, its return sets it up again;
/// - with haptics off or in a dry run (``drives`` false) a returning sensor leaves the chip
///   in standby.
/// With `trigger = "i2c"` the loop writes GO itself (``DRV2605LGoLine``).
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

    /// Acts on one event of the loop. Returns the failure to report, if a transfer failed.
    func follow(_ event: LoopEvent) -> DRV2605LError? {
        do throws(DRV2605LError) {
            switch event {
            case .press(.peek):
                try loadIfNeeded(effects["pop"])
            case .press(.pop):
                try loadIfNeeded(effects["release"])
            case .press(.released):
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

    private func loadIfNeeded(_ sequence: DRV2605LSequence?) throws(DRV2605LError) {
        guard let sequence, state.withLock({ $0.loaded != sequence }) else { return }
        try driver.load(sequence)
        state.withLock { $0.loaded = sequence }
    }
}
