import ForcePadCore
import ForcePadHAL

/// The board's DRV2605L as the controller uses it, whatever bus it sits on (the kernel's I2C
/// adapter, or the `sim` board's simulated register file): start-up, standby, calibration,
/// effect tests and what `status` shows. Called from the shell thread, and ``enterStandby()``
/// also from a signal's thread; the bus takes one transfer at a time.
protocol HapticDriverControl: AnyObject, Sendable {
    var description: HapticDriverDescription { get }
    /// The last failed transfer or check, as its one-line message; nil when none failed.
    var lastError: String? { get }
    /// Checks the chip and sets it up: ID and fault flags, out of standby, actuator, library,
    /// `calibration` written back when given, `sequence` loaded when given, and the board's
    /// trigger mode selected.
    func start(calibration: DRV2605LCalibration?, sequence: DRV2605LSequence?) throws(DRV2605LError)
    /// Sets the chip up again as start-up did (after ``enterStandby()``, e.g. `haptic on`).
    func resume() throws(DRV2605LError)
    /// Software standby (one transfer, not retried); the failure is returned and kept in ``lastError``.
    @discardableResult func enterStandby() -> DRV2605LError?
    /// Runs the datasheet's auto-calibration (the actuator moves for about a second), then
    /// sets the chip up again as ``start(calibration:sequence:)`` did, with the new results.
    func calibrate() throws(DRV2605LError) -> DRV2605LCalibration
    /// Plays library effect `effect` once over I2C, then loads the stage sequence and the
    /// trigger mode back.
    func play(effect: Int) throws(DRV2605LError)
    /// Writes `sequence` into the sequencer's slots (the next trigger plays it), kept for
    /// later set-ups.
    func load(_ sequence: DRV2605LSequence) throws(DRV2605LError)
    /// Plays the loaded sequence now (GO): one transfer, not retried.
    func go() throws(DRV2605LError)
    /// Whether a sequence is still playing (GO reads set); the sequencer reads each slot when
    /// it gets there, so slots are rewritten only once this is false.
    func isPlaying() throws(DRV2605LError) -> Bool
    /// Reads STATUS: the device ID and fault flags.
    func checkStatus() throws(DRV2605LError)
    /// Whether the chip is in software standby, as MODE reads.
    func isInStandby() throws(DRV2605LError) -> Bool
}
