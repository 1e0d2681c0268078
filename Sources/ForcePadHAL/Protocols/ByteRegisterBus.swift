/// Where 8-bit device registers are read and written one at a time (SMBus read byte data and
/// write byte data): an I2C adapter (``I2CBus``), or the `sim` board's simulated devices
/// (``SimulatedDRV2605L``). Drivers of byte-register chips such as the ``DRV2605L`` are
/// written against this protocol, so the same driver runs on the kernel's adapter, on the
/// simulated register file and in register-level tests.
public protocol ByteRegisterBus: ~Copyable {
    /// One byte from `register` of the device at the 7-bit `address`.
    mutating func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8
    /// `value` to `register` of the device at the 7-bit `address`.
    mutating func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError)
}
