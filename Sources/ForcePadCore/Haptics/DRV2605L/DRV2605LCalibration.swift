/// What the DRV2605L's auto-calibration measured for one actuator: written back at every start
/// (the driver's `restore`) so the closed loop drives the actuator as calibrated without
/// calibrating again. The values are the raw registers, as the datasheet defines them.
public struct DRV2605LCalibration: Sendable, Equatable {
    /// A_CAL_COMP (0x18): the compensation for the actuator's resistive losses; the drive is
    /// scaled by 1 + value / 255.
    public var compensation: UInt8
    /// A_CAL_BEMF (0x19): the actuator's back-EMF at the rated voltage; the voltage is
    /// value / 255 × 1.22 V divided by the back-EMF gain.
    public var backEMF: UInt8
    /// FEEDBACK bits 1–0 BEMF_GAIN (0…3): the gain of the back-EMF amplifier; for an ERM
    /// 0.255×, 0.7875×, 1.365×, 3.0×; for an LRA 3.75×, 7.5×, 15×, 22.5×.
    public var backEMFGain: UInt8

    /// FEEDBACK bits 1–0.
    static let backEMFGainMask: UInt8 = 0x03

    /// The back-EMF amplifier's gains BEMF_GAIN 0…3 selects, in ten-thousandths (datasheet,
    /// FEEDBACK register description).
    static func backEMFGainTenThousandths(_ actuator: DRV2605LActuator) -> [Int64] {
        switch actuator {
        case .erm: [2_550, 7_875, 13_650, 30_000]
        case .lra: [37_500, 75_000, 150_000, 225_000]
        }
    }

    /// The factor the drive is scaled by, 1 + A_CAL_COMP / 255, in thousandths (rounded).
    public var compensationPermille: Int64 { 1000 + (Int64(compensation) * 1000 + 127) / 255 }

    /// The back-EMF amplifier's gain for `actuator`, in ten-thousandths (7.5× is 75000).
    public func backEMFGainTenThousandths(for actuator: DRV2605LActuator) -> Int64 {
        Self.backEMFGainTenThousandths(actuator)[Int(backEMFGain)]
    }

    /// The actuator's back-EMF at the rated voltage, A_CAL_BEMF / 255 × 1.22 V ÷ the gain,
    /// in µV (rounded).
    public func backEMFMicrovolts(for actuator: DRV2605LActuator) -> Int64 {
        let gain = backEMFGainTenThousandths(for: actuator)
        return (Int64(backEMF) * 1_220_000 * 10_000 / 255 + gain / 2) / gain
    }

    /// `backEMFGain` is kept to its two bits (0…3).
    public init(compensation: UInt8, backEMF: UInt8, backEMFGain: UInt8) {
        self.compensation = compensation
        self.backEMF = backEMF
        self.backEMFGain = backEMFGain & Self.backEMFGainMask
    }
}
