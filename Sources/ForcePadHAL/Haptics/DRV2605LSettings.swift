import ForcePadCore

/// How a DRV2605L is set up for its actuator: the registers written at start and before an
/// auto-calibration. Voltages and the drive time are the registers' raw values; the datasheet
/// gives their meaning ("Rated Voltage Programming" and "Overdrive Voltage-Clamp Programming";
/// CONTROL1 for the drive time).
public struct DRV2605LSettings: Sendable, Equatable {
    public let actuator: DRV2605LActuator
    public let library: DRV2605LLibrary
    /// RATED_VOLTAGE (0x16): the actuator's steady drive in closed loop; for an ERM about
    /// value × 21.96 mV average, for an LRA about value × 20.58 mV RMS (less a term for the
    /// resonance). The datasheet's default is 0x3E.
    public let ratedVoltage: UInt8
    /// OD_CLAMP (0x17): the highest drive during overdrive and braking; for an ERM about
    /// value × 21.96 mV, for an LRA about value × 21.32 mV peak. The datasheet's default is 0x8C.
    public let overdriveClamp: UInt8
    /// CONTROL1 DRIVE_TIME (0…31): for an LRA half its resonance period,
    /// 0.5 ms + value × 0.1 ms (see ``lraDriveTime(resonanceHertz:)``); for an ERM the sampling
    /// period of its back-EMF, 1 ms + value × 0.2 ms. The datasheet's default is 19.
    public let driveTime: UInt8

    /// The datasheet's power-on values of RATED_VOLTAGE, OD_CLAMP and DRIVE_TIME.
    public static let defaultRatedVoltage: UInt8 = 0x3E
    public static let defaultOverdriveClamp: UInt8 = 0x8C
    public static let defaultDriveTime: UInt8 = 19

    /// Refuses a library made for the other actuator and a drive time that does not fit its
    /// five bits.
    public init(
        actuator: DRV2605LActuator, library: DRV2605LLibrary,
        ratedVoltage: UInt8 = defaultRatedVoltage, overdriveClamp: UInt8 = defaultOverdriveClamp,
        driveTime: UInt8 = defaultDriveTime
    ) throws(DRV2605LError) {
        guard library.actuator == actuator else {
            throw .libraryDoesNotSuitActuator(library: library, actuator: actuator)
        }
        guard driveTime <= DRV2605LRegisters.driveTimeMask else {
            throw .driveTimeOutOfRange(driveTime)
        }
        self.actuator = actuator
        self.library = library
        self.ratedVoltage = ratedVoltage
        self.overdriveClamp = overdriveClamp
        self.driveTime = driveTime
    }

    /// DRIVE_TIME for an LRA resonating at `resonanceHertz`: half its period is
    /// 0.5 ms + value × 0.1 ms, rounded to the nearest step and kept to 0…31 (0.5 to 3.6 ms, so
    /// LRAs from about 139 Hz to 1 kHz get their own value).
    public static func lraDriveTime(resonanceHertz: Int) -> UInt8 {
        let halfPeriodMicros = 500_000 / max(resonanceHertz, 1)
        let steps = (halfPeriodMicros - 500 + 50) / 100
        return UInt8(min(max(steps, 0), Int(DRV2605LRegisters.driveTimeMask)))
    }
}
