import ForcePadCore
import ForcePadHAL

/// A model of haptic driver chip as the loop's runtime uses it: its part name (reports), its
/// start-up (opened on the board's bus, or a simulated register file, and set up as a
/// ``HapticDriverControl``, which the stages' sequence writes, standby and the shell drive)
/// and, as a value, the loop's own writes to it (real-time amplitudes or GO, over a bus of the
/// loop's own). The DRV2605L (``DRV2605LChip``) is the one conformer; a second chip is one
/// more conforming type, chosen by the board's description (``HapticDriverDescription/chip``).
protocol HapticDriverChip: Sendable {
    /// The part name, as `model` in the board file names it in upper case: `DRV2605L`.
    static var model: String { get }

    /// Opens the chip and sets it up before the loop starts, with `calibration` written back
    /// when given and `sequence` loaded when given; real-time playback is selected instead of
    /// the board's trigger when `realTimePlayback`. On the `sim` board the simulated chip's
    /// registers are copied to `simulatedPlayback` when given (what the simulated actuator
    /// plays). Every failure is one line with its fix.
    static func open(
        _ description: HapticDriverDescription, calibration: DRV2605LCalibration?, sequence: DRV2605LSequence?,
        realTimePlayback: Bool, simulatedPlayback: SimulatedDRV2605LPlayback?
    ) throws(SetupError) -> any HapticDriverControl

    /// The chip on its bus, not yet talked to (what `forcepad probe` reads status through);
    /// `sysfsRoot` is where a kernel driver bound to its address is looked for.
    static func control(_ description: HapticDriverDescription, sysfsRoot: String) throws(SetupError) -> any HapticDriverControl

    /// The chip as the loop writes it, for the board's `description`; refuses settings the
    /// chip cannot take.
    init(loopWritesFor description: HapticDriverDescription) throws(SetupError)

    /// The loop's thread body (made by `maker`) over `source` and `line`, `line` wrapped so
    /// that the loop itself writes `writes` to the chip over a bus of its own: the adapter at
    /// `busDevice`, or when nil a simulated chip of the loop's own (it takes no locks). The
    /// wrapped line is a concrete type, so the loop stays specialised and allocation-free.
    func loopBody<
        Source: FrameSource & ~Copyable & SendableMetatype, Line: HapticLine & ~Copyable & SendableMetatype, Maker: LoopBodyMaker
    >(
        source: consuming Source, line: consuming Line, writes: HapticDriverLoopWrites, busDevice: String?, maker: Maker
    ) throws(DeviceError) -> @Sendable () -> Void
}
