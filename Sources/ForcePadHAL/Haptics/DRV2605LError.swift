import ForcePadCore

/// Why the DRV2605L cannot be used as asked; `description` is the one-line message shown,
/// saying what is wrong and what to do.
public enum DRV2605LError: Error, Sendable, Equatable, CustomStringConvertible {
    /// STATUS DEVICE_ID is not 7: another chip answers at the address.
    case wrongDevice(address: UInt8, deviceID: UInt8)
    /// STATUS OVER_TEMP was set: the chip shut its output down.
    case overTemperature(address: UInt8)
    /// STATUS OC_DETECT was set: the load on OUT+/OUT− draws too much current.
    case overCurrent(address: UInt8)
    /// STATUS DIAG_RESULT after an auto-calibration: it did not converge.
    case calibrationFailed(address: UInt8)
    /// GO still set this many ms after an auto-calibration started.
    case calibrationTimedOut(address: UInt8, waitedMillis: Int64)
    /// GO still set this many ms after an effect started over I2C.
    case playbackTimedOut(address: UInt8, waitedMillis: Int64)
    /// A sequence the sequencer cannot hold.
    case sequence(DRV2605LSequenceError)
    /// A library made for the other actuator.
    case libraryDoesNotSuitActuator(library: DRV2605LLibrary, actuator: DRV2605LActuator)
    /// A DRIVE_TIME above its five bits' 31.
    case driveTimeOutOfRange(UInt8)
    /// A transfer to the chip failed twice.
    case bus(DeviceError)

    public var description: String {
        switch self {
        case .wrongDevice(let address, let deviceID):
            "the I2C device at \(Self.hex(address)) answers with device ID \(deviceID), not a DRV2605L"
                + " (\(DRV2605LRegisters.drv2605LDeviceID)): fit a DRV2605L breakout or correct the address"
                + " (a DRV2605 answers 3, a DRV2604 4, a DRV2604L 6)"
        case .overTemperature(let address):
            "the DRV2605L at \(Self.hex(address)) reports over-temperature and stopped driving:"
                + " let it cool, and check the actuator's rated and overdrive-clamp voltages"
        case .overCurrent(let address):
            "the DRV2605L at \(Self.hex(address)) reports over-current: check OUT+ and OUT− for a short"
                + " and that the actuator's impedance is within the datasheet's range"
        case .calibrationFailed(let address):
            "auto-calibration of the DRV2605L at \(Self.hex(address)) did not converge (DIAG_RESULT):"
                + " check that the actuator is connected and free to move, and its type, rated voltage"
                + " and drive time"
        case .calibrationTimedOut(let address, let waitedMillis):
            "auto-calibration of the DRV2605L at \(Self.hex(address)) did not end within \(waitedMillis) ms"
                + " (GO never cleared): check the chip's supply and EN pin, then calibrate again"
        case .sequence(let error):
            error.description
        case .playbackTimedOut(let address, let waitedMillis):
            "the DRV2605L at \(Self.hex(address)) still plays after \(waitedMillis) ms (GO never cleared):"
                + " check its supply and EN pin, then try again"
        case .libraryDoesNotSuitActuator(let library, let actuator):
            "the \(library.name) is made for an \(library.actuator.rawValue.uppercased()) actuator,"
                + " not an \(actuator.rawValue.uppercased()): use "
                + (actuator == .lra ? "the LRA library" : "an ERM library A to E")
        case .driveTimeOutOfRange(let value):
            "drive time \(value) does not fit the DRV2605L's DRIVE_TIME: use 0 to \(DRV2605LRegisters.driveTimeMask)"
        case .bus(let error):
            error.description
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        I2CBus.hex(byte)
    }
}
