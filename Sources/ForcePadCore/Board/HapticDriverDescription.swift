/// The DRV2605L haptic driver of a board (`[haptic.driver]`): where it answers, the actuator
/// it drives, and how stages trigger it. Voltages are kept as the registers' codes, converted
/// from the board file's volts by ``DRV2605LVoltage``.
public struct HapticDriverDescription: Sendable, Equatable {
    /// The I2C adapter's character device, e.g. `/dev/i2c-1`; nil on the `sim` board, whose
    /// driver is a simulated register file.
    public var busDevice: String?
    /// The chip's 7-bit address (0x5A unless the breakout changes it).
    public var address: UInt8
    public var actuator: DRV2605LActuator
    public var library: DRV2605LLibrary
    /// RATED_VOLTAGE (0x16) code for the actuator's rated voltage.
    public var ratedVoltageCode: UInt8
    /// OD_CLAMP (0x17) code for the actuator's highest allowed voltage.
    public var overdriveClampCode: UInt8
    /// The LRA's resonant frequency (Hz), which sets the drive time; nil for an ERM.
    public var resonanceHertz: Int?
    public var trigger: HapticDriverTrigger

    /// The datasheet's default address.
    public static let defaultAddress: UInt8 = 0x5A

    public init(
        busDevice: String?, address: UInt8, actuator: DRV2605LActuator, library: DRV2605LLibrary,
        ratedVoltageCode: UInt8, overdriveClampCode: UInt8, resonanceHertz: Int?, trigger: HapticDriverTrigger
    ) {
        self.busDevice = busDevice
        self.address = address
        self.actuator = actuator
        self.library = library
        self.ratedVoltageCode = ratedVoltageCode
        self.overdriveClampCode = overdriveClampCode
        self.resonanceHertz = resonanceHertz
        self.trigger = trigger
    }
}
