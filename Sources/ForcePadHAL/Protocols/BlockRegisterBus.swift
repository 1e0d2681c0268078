/// A ``ByteRegisterBus`` that also reads a run of consecutive registers in one transfer (an
/// SMBus I2C block read, at most 32 bytes): what an accelerometer's FIFO is emptied with, one
/// sample's six data registers per transfer.
public protocol BlockRegisterBus: ByteRegisterBus, ~Copyable {
    /// `buffer.count` bytes (1 to 32) from `register` onward of the device at the 7-bit
    /// `address`; returns how many arrived.
    mutating func readI2CBlock(
        register: UInt8, from address: UInt8, into buffer: inout MutableSpan<UInt8>
    ) throws(DeviceError) -> Int
}

extension I2CBus: BlockRegisterBus {}
