/// The DRV2605L registers and bit fields ForcePad uses, from TI's datasheet (SLOS854D, May
/// 2014, revised March 2018: its "Register Map" table and the per-register tables after it,
/// https://www.ti.com/product/DRV2605L). Every register is 8 bits, read and written with SMBus
/// byte-data transfers.
///
/// | address | register | bits used here |
/// |---|---|---|
/// | 0x00 | STATUS | 7–5 DEVICE_ID (7 = DRV2605L), 3 DIAG_RESULT, 1 OVER_TEMP, 0 OC_DETECT |
/// | 0x01 | MODE | 6 STANDBY, 2–0 MODE (0 internal trigger, 1 external edge, 2 external level, 5 RTP, 7 auto-calibration) |
/// | 0x02 | RTP_INPUT | 7–0 real-time playback amplitude |
/// | 0x03 | LIBRARY_SEL | 2–0 LIBRARY_SEL (1–5 ERM libraries A–E, 6 LRA) |
/// | 0x04–0x0B | WAV_FRM_SEQ1–8 | 7 WAIT, 6–0 effect (1–123) or wait (10 ms units); 0 ends the sequence |
/// | 0x0C | GO | 0 GO |
/// | 0x16 | RATED_VOLTAGE | 7–0 |
/// | 0x17 | OD_CLAMP | 7–0 |
/// | 0x18 | A_CAL_COMP | 7–0 auto-calibration compensation |
/// | 0x19 | A_CAL_BEMF | 7–0 auto-calibration back-EMF |
/// | 0x1A | FEEDBACK | 7 N_ERM_LRA, 6–4 FB_BRAKE_FACTOR, 3–2 LOOP_GAIN, 1–0 BEMF_GAIN |
/// | 0x1B | CONTROL1 | 7 STARTUP_BOOST, 4–0 DRIVE_TIME |
/// | 0x1C | CONTROL2 | 7 BIDIR_INPUT, 6 BRAKE_STABILIZER, 5–4 SAMPLE_TIME, 3–2 BLANKING_TIME, 1–0 IDISS_TIME |
/// | 0x1D | CONTROL3 | 7–6 NG_THRESH, 5 ERM_OPEN_LOOP, 3 DATA_FORMAT_RTP, 0 LRA_OPEN_LOOP |
/// | 0x1E | CONTROL4 | 5–4 AUTO_CAL_TIME |
/// | 0x1F | CONTROL5 | 7–6 AUTO_OL_CNT, 5 LRA_AUTO_OPEN_LOOP, 4 PLAYBACK_INTERVAL, 3–2 BLANKING_TIME[3:2], 1–0 IDISS_TIME[3:2] |
enum DRV2605LRegisters {
    static let status: UInt8 = 0x00
    static let mode: UInt8 = 0x01
    static let realTimePlaybackInput: UInt8 = 0x02
    static let librarySelection: UInt8 = 0x03
    /// WAV_FRM_SEQ1; slot `k` (0…7) is at `firstSequencerSlot + k` (``DRV2605LSequence``
    /// encodes the slots' values: WAIT is bit 7).
    static let firstSequencerSlot: UInt8 = 0x04
    static let go: UInt8 = 0x0C
    static let ratedVoltage: UInt8 = 0x16
    static let overdriveClamp: UInt8 = 0x17
    static let calibrationCompensation: UInt8 = 0x18
    static let calibrationBackEMF: UInt8 = 0x19
    static let feedback: UInt8 = 0x1A
    static let control1: UInt8 = 0x1B
    static let control2: UInt8 = 0x1C
    static let control3: UInt8 = 0x1D
    static let control4: UInt8 = 0x1E
    static let control5: UInt8 = 0x1F
    /// One past the last register ForcePad uses (the simulated register file's size).
    static let count = 0x20

    /// STATUS bits 7–5: the DRV2605L answers 7 (3 is a DRV2605, 4 a DRV2604, 6 a DRV2604L).
    static let drv2605LDeviceID: UInt8 = 7
    static let deviceIDShift: UInt8 = 5
    /// STATUS bit 3: the last auto-calibration did not converge (clears when STATUS is read).
    static let diagnosticResult: UInt8 = 0x08
    /// STATUS bit 1: the chip shut down because it was too hot (clears when STATUS is read).
    static let overTemperature: UInt8 = 0x02
    /// STATUS bit 0: the load impedance is too low and the output stage shut down.
    static let overCurrent: UInt8 = 0x01

    /// MODE bit 6: software standby (the power-on state).
    static let standby: UInt8 = 0x40
    /// MODE bits 2–0 for running the auto-calibration engine on GO.
    static let autoCalibrationMode: UInt8 = 7

    /// GO bit 0: written 1, starts the sequence (or the calibration); reads 1 until it ends.
    static let goBit: UInt8 = 0x01

    /// FEEDBACK bit 7: 1 for an LRA, 0 for an ERM.
    static let linearResonantActuator: UInt8 = 0x80
    /// FEEDBACK bits 6–4 FB_BRAKE_FACTOR = 3 (4×) and bits 3–2 LOOP_GAIN = 1 (medium): the
    /// datasheet's defaults, which its calibration procedure starts from.
    static let brakeFactorAndLoopGain: UInt8 = 0x34
    /// FEEDBACK bits 1–0: BEMF_GAIN, filled in by the auto-calibration.
    static let backEMFGainMask: UInt8 = 0x03

    /// CONTROL1 bit 7: STARTUP_BOOST (the datasheet's default, kept).
    static let startupBoost: UInt8 = 0x80
    /// CONTROL1 bits 4–0: DRIVE_TIME.
    static let driveTimeMask: UInt8 = 0x1F
    /// CONTROL2 = 0xF5, the datasheet's default and the values its calibration procedure
    /// recommends: BIDIR_INPUT 1, BRAKE_STABILIZER 1, SAMPLE_TIME 3 (300 µs), BLANKING_TIME 1,
    /// IDISS_TIME 1. The rated-voltage and overdrive-clamp equations (``DRV2605LVoltage``)
    /// assume this sample, blanking and current-dissipation time, so it is written at every
    /// start, not left to the power-on value (the kernel's drv260x leaves SAMPLE_TIME 250 µs).
    static let control2Timing: UInt8 = 0xF5
    /// CONTROL5 = 0x80, the datasheet's default: AUTO_OL_CNT 2, LRA_AUTO_OPEN_LOOP 0,
    /// PLAYBACK_INTERVAL 0 (5 ms, which the effect library is written for), and the upper
    /// bits of BLANKING_TIME and IDISS_TIME 0, so CONTROL2's values are the whole times.
    static let control5Timing: UInt8 = 0x80
    /// CONTROL3: NG_THRESH 2 (the default), closed loop for both actuators (ERM_OPEN_LOOP 0,
    /// LRA_OPEN_LOOP 0, so the calibration results are used) and DATA_FORMAT_RTP 1 (RTP_INPUT
    /// unsigned: 0 is still, 255 full drive).
    static let control3ClosedLoopUnsignedRTP: UInt8 = 0x88
    /// CONTROL4 bits 5–4 AUTO_CAL_TIME = 3: 1000 ms minimum, 1200 ms maximum, the longest, so
    /// a slow actuator settles at the rated voltage.
    static let control4LongestCalibration: UInt8 = 0x30
    /// The longest calibration AUTO_CAL_TIME = 3 allows (ms).
    static let longestCalibrationMillis: Int64 = 1200
}
