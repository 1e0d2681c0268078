import Glibc

/// The transfer rules every simulated I2C chip of the sim board follows: a transfer to
/// another address fails with ENXIO (as i2c-dev reports an address nobody acknowledges), one
/// to a register the chip does not have with EINVAL, and an injected failure with EREMOTEIO.
/// Nothing is allocated unless the transfer fails.
enum SimulatedTransferCheck {
    /// Checks one transfer of `chip` (its name in messages, e.g. `DRV2605L`) at `address` with
    /// `registerCount` registers; counts `failingTransfers` down when it injects a failure.
    static func check(
        _ action: StaticString, _ register: UInt8, _ direction: StaticString, _ target: UInt8,
        chip: StaticString, address: UInt8, registerCount: Int, failingTransfers: inout Int
    ) throws(DeviceError) {
        func failure(_ code: Int32, _ hint: String) -> DeviceError {
            DeviceError(
                operation: "\(action) \(I2CBus.hex(register)) \(direction) \(I2CBus.hex(target)) on the sim board",
                errno: code, hint: hint)
        }
        guard target == address else {
            throw failure(
                ENXIO, "no simulated device answers at \(I2CBus.hex(target)): the simulated \(chip) is at \(I2CBus.hex(address))")
        }
        guard Int(register) < registerCount else {
            throw failure(EINVAL, "the simulated \(chip) has no register \(I2CBus.hex(register))")
        }
        guard failingTransfers == 0 else {
            failingTransfers -= 1
            throw failure(EREMOTEIO, "the simulated \(chip) was told to fail this transfer")
        }
    }
}
