import ForcePadCore

@testable import ForcePadHAL

/// A register file for accelerometer driver tests: answers at one address, records writes,
/// serves a queue of six-byte FIFO entries from its block reads and a FIFO count from the
/// register the test names.
struct FakeAccelerometerBus: BlockRegisterBus {
    let address: UInt8
    var registers = [UInt8](repeating: 0, count: 256)
    /// Register writes in order: (register, value).
    var writes: [(UInt8, UInt8)] = []
    /// FIFO entries left, each six data bytes.
    var fifo: [[UInt8]] = []
    /// Block reads made: (register, length).
    var blockReads: [(UInt8, Int)] = []

    mutating func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8 {
        guard address == self.address else { throw Self.noAnswer }
        return registers[Int(register)]
    }

    mutating func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError) {
        guard address == self.address else { throw Self.noAnswer }
        registers[Int(register)] = value
        writes.append((register, value))
    }

    mutating func readI2CBlock(
        register: UInt8, from address: UInt8, into buffer: inout MutableSpan<UInt8>
    ) throws(DeviceError) -> Int {
        guard address == self.address else { throw Self.noAnswer }
        blockReads.append((register, buffer.count))
        guard !fifo.isEmpty else { return 0 }
        let entry = fifo.removeFirst()
        for index in 0..<min(buffer.count, entry.count) { buffer[index] = entry[index] }
        return min(buffer.count, entry.count)
    }

    static let noAnswer = DeviceError(operation: "read", errno: 121, hint: "check the wiring")

    /// Six data bytes, low byte first, of three 16-bit values.
    static func entry(_ x: Int16, _ y: Int16, _ z: Int16) -> [UInt8] {
        [x, y, z].flatMap { value in
            let bits = UInt16(bitPattern: value)
            return [UInt8(bits & 0xFF), UInt8(bits >> 8)]
        }
    }
}
