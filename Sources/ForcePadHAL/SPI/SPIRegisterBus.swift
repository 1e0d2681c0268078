import CSPI

/// An SPI accelerometer's registers through spidev (`/dev/spidevB.C`): each register read or
/// write, and each run of registers read at once (a FIFO entry), is one full-duplex transfer
/// with chip select held (``SPIRegisterFrames``). The chip select picks the device, so the
/// I2C address the ``ByteRegisterBus`` calls pass is ignored. Mode 3 (CPOL 1, CPHA 1), as
/// both the ADXL345 and the LIS3DH need, at ``clockHz``.
public struct SPIRegisterBus: BlockRegisterBus, ~Copyable {
    public let devicePath: String
    /// 5 MHz: the ADXL345's fastest (the LIS3DH takes 10 MHz).
    public static let clockHz: UInt32 = 5_000_000
    /// SPI mode 3.
    static let mode: UInt8 = 3
    private let descriptor: Int32

    /// Opens `devicePath` in mode 3 at ``clockHz``.
    public init(devicePath: String) throws(DeviceError) {
        let result = fp_spi_open(devicePath, Self.mode, Self.clockHz)
        guard result >= 0 else {
            throw DeviceError(operation: "open \(devicePath)", errno: -result, hint: Self.hint(for: -result))
        }
        self.devicePath = devicePath
        descriptor = result
    }

    deinit { _ = fp_spi_close(descriptor) }

    public mutating func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8 {
        var value: UInt8 = 0
        try transfer(header: SPIRegisterFrames.readHeader(register, count: 1), data: 1, "read register \(I2CBus.hex(register))") { value = $0[0] }
        return value
    }

    public mutating func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError) {
        try transfer(header: SPIRegisterFrames.writeHeader(register), data: 1, writing: value, "write register \(I2CBus.hex(register))") { _ in }
    }

    public mutating func readI2CBlock(
        register: UInt8, from address: UInt8, into buffer: inout MutableSpan<UInt8>
    ) throws(DeviceError) -> Int {
        let count = min(buffer.count, 32)
        var received = InlineArray<32, UInt8>(repeating: 0)
        try transfer(header: SPIRegisterFrames.readHeader(register, count: count), data: count, "read \(count) registers from \(I2CBus.hex(register))") {
            for index in 0..<count { received[index] = $0[index] }
        }
        for index in 0..<count { buffer[index] = received[index] }
        return count
    }

    /// One transfer: `header`, then `data` bytes (`writing` each, or zeros while reading);
    /// `received` gets the bytes clocked in after the header. No heap allocation.
    private func transfer(
        header: UInt8, data: Int, writing: UInt8 = 0, _ operation: @autoclosure () -> String,
        received: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(DeviceError) {
        let length = data + 1
        let result: Int32 = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * length) { bytes in
            bytes.initialize(repeating: 0)
            bytes[0] = header
            if data == 1 { bytes[1] = writing }
            let tx = UnsafeMutableBufferPointer(rebasing: bytes[0..<length])
            let rx = UnsafeMutableBufferPointer(rebasing: bytes[length..<(2 * length)])
            let status = fp_spi_transfer(descriptor, tx.baseAddress, rx.baseAddress, UInt32(length), Self.clockHz)
            if status >= 0 { received(UnsafeBufferPointer(rebasing: rx[1...])) }
            return status
        }
        guard result >= 0 else {
            throw DeviceError(operation: "\(operation()) on \(devicePath)", errno: -result, hint: Self.hint(for: -result))
        }
    }

    private static func hint(for errno: Int32) -> String {
        switch errno {
        case 2: "no such SPI device: enable SPI (dtparam=spi=on in config.txt) and check spi_device in [accelerometer]"
        case 13: "permission denied: add the user to the spi group"
        default: "check the wiring (CS, SCLK, SDI, SDO) and that the chip is powered"
        }
    }
}
