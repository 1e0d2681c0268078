import CI2C
import Glibc

/// An I2C adapter's character device (`/dev/i2c-N`) opened for SMBus transfers; the
/// descriptor closes when the bus is dropped.
///
/// Every transfer names its 7-bit device address (0x03 to 0x77). The bus selects that
/// address in the kernel (`I2C_SLAVE`) only when it differs from the last one selected, so
/// consecutive transfers to one device cost no extra system call. Transfers allocate nothing
/// unless they fail: the error's text is built only then.
///
/// Byte order: SMBus words travel low byte first, and ``readWordData(register:from:)`` and
/// ``writeWordData(_:register:to:)`` return and take words in that order. Registers that
/// send their high byte first (ADS1x15) go through ``readRegisterBigEndian(_:from:)`` and
/// ``writeRegisterBigEndian(_:register:to:)``, which swap the bytes in one place,
/// ``swapSMBusWordOrder(_:)``.
public struct I2CBus: ~Copyable, Sendable, ByteRegisterBus {
    /// The 7-bit addresses a device may use; 0x00–0x02 and 0x78–0x7F are reserved by the
    /// I2C specification.
    public static let deviceAddresses: ClosedRange<UInt8> = 0x03...0x77

    /// The adapter's character device, e.g. `/dev/i2c-1`.
    public let devicePath: String
    private var descriptor: Int32
    /// The address the kernel sends the next transfer to, nil before the first selection
    /// or after a failed one.
    private var selectedAddress: UInt8?

    /// Opens the adapter at `devicePath` read-write. No transfer is made.
    public init(devicePath: String) throws(DeviceError) {
        let result = fp_i2c_open(devicePath)
        guard result >= 0 else {
            throw DeviceError(
                operation: "open \(devicePath)", errno: -result,
                hint: Self.hint(for: -result, devicePath: devicePath, address: nil))
        }
        self.devicePath = devicePath
        descriptor = result
        selectedAddress = nil
    }

    deinit {
        if descriptor >= 0 { _ = fp_i2c_close(descriptor) }
    }

    /// Closes the adapter's descriptor, which releases the adapter (its driver can then be
    /// unloaded and loaded again); every transfer fails (EBADF) until ``reopen()``.
    public mutating func close() {
        if descriptor >= 0 { _ = fp_i2c_close(descriptor) }
        descriptor = -1
        selectedAddress = nil
    }

    /// Opens the adapter again, closing the old descriptor if it is still open: for an adapter
    /// that was closed, or whose driver was unloaded and loaded again (an old descriptor then
    /// fails every transfer with ENODEV). If the adapter cannot be opened, the error is thrown
    /// and the bus stays as it was.
    public mutating func reopen() throws(DeviceError) {
        let result = fp_i2c_open(devicePath)
        guard result >= 0 else {
            throw DeviceError(
                operation: "open \(devicePath)", errno: -result,
                hint: Self.hint(for: -result, devicePath: devicePath, address: nil))
        }
        if descriptor >= 0 { _ = fp_i2c_close(descriptor) }
        descriptor = result
        selectedAddress = nil
    }

    /// The transfers the adapter's driver supports (`I2C_FUNCS`).
    public func functionality() throws(DeviceError) -> I2CFunctionality {
        var mask: UInt = 0
        let result = fp_i2c_read_functionality(descriptor, &mask)
        guard result == 0 else {
            throw DeviceError(
                operation: "read the functions of \(devicePath)", errno: -result,
                hint: Self.hint(for: -result, devicePath: devicePath, address: nil))
        }
        return I2CFunctionality(rawValue: mask)
    }

    /// Fails, listing what is missing, unless the adapter supports every transfer in
    /// `required`. `deviceName` (e.g. `ADS1115`) says who needs them.
    public func requireFunctionality(_ required: I2CFunctionality, for deviceName: String) throws(DeviceError) {
        let missing = try required.subtracting(functionality())
        guard missing.isEmpty else {
            throw DeviceError(
                operation: "use \(devicePath) for \(deviceName)", errno: 0,
                hint: "the adapter lacks \(missing): use an I2C adapter whose driver supports them"
                    + " (i2cdetect -F with the bus number lists what it supports)")
        }
    }

    /// SMBus receive byte: one byte from the device at `address`, no register.
    public mutating func receiveByte(from address: UInt8) throws(DeviceError) -> UInt8 {
        try select(address)
        let result = fp_i2c_read_byte(descriptor)
        guard result >= 0 else { throw transferError(-result, "receive byte", nil, "from", address) }
        return UInt8(truncatingIfNeeded: result)
    }

    /// SMBus send byte: `value` to the device at `address`, no register (e.g. an ADS7830
    /// command byte).
    public mutating func sendByte(_ value: UInt8, to address: UInt8) throws(DeviceError) {
        try select(address)
        let result = fp_i2c_write_byte(descriptor, value)
        guard result >= 0 else { throw transferError(-result, "send byte", value, "to", address) }
    }

    /// SMBus read byte data: one byte from `register` of the device at `address`.
    public mutating func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8 {
        try select(address)
        let result = fp_i2c_read_byte_data(descriptor, register)
        guard result >= 0 else { throw transferError(-result, "read byte", register, "from", address) }
        return UInt8(truncatingIfNeeded: result)
    }

    /// SMBus write byte data: `value` to `register` of the device at `address`.
    public mutating func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError) {
        try select(address)
        let result = fp_i2c_write_byte_data(descriptor, register, value)
        guard result >= 0 else { throw transferError(-result, "write byte", register, "to", address) }
    }

    /// SMBus read word data from `register` of the device at `address`, in SMBus order:
    /// the first byte on the wire is the low byte of the result.
    public mutating func readWordData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt16 {
        try select(address)
        let result = fp_i2c_read_word_data(descriptor, register)
        guard result >= 0 else { throw transferError(-result, "read word", register, "from", address) }
        return UInt16(truncatingIfNeeded: result)
    }

    /// SMBus write word data to `register` of the device at `address`, in SMBus order: the
    /// low byte of `value` goes on the wire first.
    public mutating func writeWordData(_ value: UInt16, register: UInt8, to address: UInt8) throws(DeviceError) {
        try select(address)
        let result = fp_i2c_write_word_data(descriptor, register, value)
        guard result >= 0 else { throw transferError(-result, "write word", register, "to", address) }
    }

    /// Reads a 16-bit register that sends its high byte first (ADS1x15), as its value.
    public mutating func readRegisterBigEndian(_ register: UInt8, from address: UInt8) throws(DeviceError) -> UInt16 {
        try Self.swapSMBusWordOrder(readWordData(register: register, from: address))
    }

    /// Writes `value` to a 16-bit register that takes its high byte first (ADS1x15).
    public mutating func writeRegisterBigEndian(_ value: UInt16, register: UInt8, to address: UInt8) throws(DeviceError) {
        try writeWordData(Self.swapSMBusWordOrder(value), register: register, to: address)
    }

    /// I2C block read: `buffer.count` bytes (1 to 32) from `register` of the device at
    /// `address`, into `buffer`. Returns how many bytes the adapter delivered.
    public mutating func readI2CBlock(
        register: UInt8, from address: UInt8, into buffer: inout MutableSpan<UInt8>
    ) throws(DeviceError) -> Int {
        let length = buffer.count
        guard length >= 1, length <= Int(FP_I2C_BLOCK_MAX_BYTES) else {
            throw DeviceError(
                operation: Self.transferOperation("read block", register, "from", address, devicePath), errno: 0,
                hint: "an I2C block read moves 1 to \(FP_I2C_BLOCK_MAX_BYTES) bytes, not \(length)")
        }
        try select(address)
        let fd = descriptor
        let result = buffer.withUnsafeMutableBufferPointer { bytes in
            fp_i2c_read_i2c_block_data(fd, register, UInt8(length), bytes.baseAddress)
        }
        guard result >= 0 else { throw transferError(-result, "read block", register, "from", address) }
        return Int(result)
    }

    /// The one place SMBus word order meets high-byte-first registers. SMBus sends the low
    /// byte first; an ADS1x15 register sends its high byte first; so the register's value is
    /// the SMBus word with its two bytes exchanged, and the same exchange turns a value
    /// back into the word to send. The host's own byte order plays no part: the kernel
    /// hands over the SMBus word as a number.
    static func swapSMBusWordOrder(_ word: UInt16) -> UInt16 {
        word.byteSwapped
    }

    /// Points the kernel at `address` unless it already is; refuses reserved addresses
    /// before any system call.
    private mutating func select(_ address: UInt8) throws(DeviceError) {
        guard address != selectedAddress else { return }
        guard Self.deviceAddresses.contains(address) else {
            throw DeviceError(
                operation: "select \(Self.hex(address)) on \(devicePath)", errno: 0,
                hint: "\(Self.hex(address)) is not a device address: 7-bit devices use 0x03 to 0x77;"
                    + " check the address in the board file")
        }
        let result = fp_i2c_select_address(descriptor, address)
        guard result == 0 else {
            selectedAddress = nil
            throw DeviceError(
                operation: "select \(Self.hex(address)) on \(devicePath)", errno: -result,
                hint: Self.hint(for: -result, devicePath: devicePath, address: address))
        }
        selectedAddress = address
    }

    private func transferError(
        _ code: Int32, _ action: StaticString, _ byte: UInt8?, _ direction: StaticString, _ address: UInt8
    ) -> DeviceError {
        DeviceError(
            operation: Self.transferOperation(action, byte, direction, address, devicePath), errno: code,
            hint: Self.hint(for: code, devicePath: devicePath, address: address))
    }

    /// E.g. `read word 0x00 from 0x48 on /dev/i2c-1`.
    private static func transferOperation(
        _ action: StaticString, _ byte: UInt8?, _ direction: StaticString, _ address: UInt8, _ devicePath: String
    ) -> String {
        let byteText = byte.map { " " + hex($0) } ?? ""
        return "\(action)\(byteText) \(direction) \(hex(address)) on \(devicePath)"
    }

    /// What the operator should check after `code` from the adapter at `devicePath`;
    /// `address` is the device a transfer went to, nil for the adapter itself.
    private static func hint(for code: Int32, devicePath: String, address: UInt8?) -> String {
        switch (code, address) {
        case (ENOENT, nil), (ENXIO, nil), (ENODEV, nil):
            return "no I2C adapter at \(devicePath): enable I2C (raspi-config, or dtparam=i2c_arm=on)"
                + " and check the bus number"
        case (EACCES, _), (EPERM, _):
            return "add the user to the i2c group (sudo adduser $USER i2c) and log in again"
        case (ENOTTY, _):
            return "\(devicePath) is not an I2C adapter: check the I2C bus device in the board file"
        case (ENXIO, let address?), (EREMOTEIO, let address?), (EIO, let address?):
            return "device at \(hex(address)) did not answer on \(devicePath): check wiring, power and the address"
        case (EBUSY, let address?):
            return "a kernel driver owns \(hex(address)) on \(devicePath): unbind it or remove its overlay"
        case (ETIMEDOUT, _):
            return "the bus timed out: check for a device holding SDA or SCL low and for missing pull-ups"
        case (EAGAIN, _):
            return "bus arbitration lost: check for another I2C master on \(devicePath)"
        case (EOPNOTSUPP, _):
            return "the adapter does not support this transfer (i2cdetect -F with the bus number lists what it supports)"
        case (ENODEV, _):
            return "the I2C adapter \(devicePath) went away: check that its driver is still loaded"
        default:
            return ""
        }
    }

    /// `0x48`: two lower-case hex digits, the way every I2C address and register appears in
    /// ForcePad's messages.
    static func hex(_ byte: UInt8) -> String {
        (byte < 0x10 ? "0x0" : "0x") + String(byte, radix: 16)
    }
}
