import ForcePadCore
import ForcePadHAL

/// Opens the board's DRV2605L and sets it up before the loop starts: on the `sim` board a
/// simulated register file, else the I2C adapter, refused when a kernel driver (drv260x)
/// already owns the address. Every failure is one line saying what is wrong and the fix.
enum HapticDriverStartUp {
    static func open(
        _ description: HapticDriverDescription, calibration: DRV2605LCalibration?, sequence: DRV2605LSequence?,
        realTimePlayback: Bool = false, simulatedPlayback: SimulatedDRV2605LPlayback? = nil,
        sysfsRoot: String = "/sys/bus/i2c/devices"
    ) throws(SetupError) -> any HapticDriverControl {
        let control = try makeControl(
            description, realTimePlayback: realTimePlayback, simulatedPlayback: simulatedPlayback, sysfsRoot: sysfsRoot)
        do {
            try control.start(calibration: calibration, sequence: sequence)
        } catch {
            throw SetupError("haptic driver: \(error.description)", exitCode: 1)
        }
        return control
    }

    /// The driver on its bus, not yet talked to; on the `sim` board its registers are copied
    /// to `simulatedPlayback` when given (what the simulated actuator plays).
    static func makeControl(
        _ description: HapticDriverDescription, realTimePlayback: Bool = false,
        simulatedPlayback: SimulatedDRV2605LPlayback? = nil, sysfsRoot: String
    ) throws(SetupError) -> any HapticDriverControl {
        let adapter = try description.busDevice.map { device throws(SetupError) in
            try openBus(device, address: description.address, sysfsRoot: sysfsRoot)
        }
        do throws(DRV2605LError) {
            guard let adapter else {
                var chip = SimulatedDRV2605L(address: description.address)
                chip.playback = simulatedPlayback
                return try HapticDriverSession(
                    description: description, bus: SharedByteRegisterBus(chip), realTimePlayback: realTimePlayback)
            }
            return try HapticDriverSession(
                description: description, bus: SharedByteRegisterBus(adapter), realTimePlayback: realTimePlayback)
        } catch {
            throw SetupError("haptic driver: \(error.description)", exitCode: 1)
        }
    }

    /// The adapter at `device`, refused when a kernel driver owns `address` on it.
    static func openBus(_ device: String, address: UInt8, sysfsRoot: String) throws(SetupError) -> I2CBus {
        if let bound = I2CKernelDriverBinding.boundDriver(devicePath: device, address: address, sysfsRoot: sysfsRoot) {
            let name = I2CKernelDriverBinding.sysfsName(devicePath: device, address: address) ?? device
            throw SetupError(
                "haptic driver: the kernel driver '\(bound)' is bound to the DRV2605L at \(name) and owns it:"
                    + " unbind it (echo \(name) > /sys/bus/i2c/drivers/\(bound)/unbind) and remove its dtoverlay"
                    + " from config.txt, or remove [haptic.driver] from the board file", exitCode: 1)
        }
        do {
            return try I2CBus(devicePath: device)
        } catch {
            throw SetupError("haptic driver: \(error.description)", exitCode: 1)
        }
    }
}
