import ForcePadCore

/// The register transfers of one accelerometer chip, each failure turned into an
/// ``AccelerometerError`` naming the chip, the bus and the address: the one place the
/// ADXL345 and LIS3DH drivers make them.
struct AccelerometerRegisterAccess: Sendable, Equatable {
    /// The chip's name in messages, e.g. `ADXL345`.
    let chip: String
    let busName: String
    let address: UInt8

    func read<Bus: BlockRegisterBus & ~Copyable>(_ register: UInt8, on bus: inout Bus) throws(AccelerometerError) -> UInt8 {
        do { return try bus.readByteData(register: register, from: address) } catch { throw .bus(chip: chip, bus: busName, address: address, error) }
    }

    func write<Bus: BlockRegisterBus & ~Copyable>(
        _ value: UInt8, to register: UInt8, on bus: inout Bus
    ) throws(AccelerometerError) {
        do { try bus.writeByteData(value, register: register, to: address) } catch {
            throw .bus(chip: chip, bus: busName, address: address, error)
        }
    }

    /// Fills `bytes` from consecutive registers starting at `register` in one transfer; a
    /// short transfer counts as a failed one.
    func readBlock<Bus: BlockRegisterBus & ~Copyable>(
        _ register: UInt8, on bus: inout Bus, into bytes: inout MutableSpan<UInt8>
    ) throws(AccelerometerError) {
        let wanted = bytes.count
        let delivered: Int
        do { delivered = try bus.readI2CBlock(register: register, from: address, into: &bytes) } catch {
            throw .bus(chip: chip, bus: busName, address: address, error)
        }
        guard delivered == wanted else {
            throw .bus(
                chip: chip, bus: busName, address: address,
                DeviceError(
                    operation: "read \(wanted) bytes from \(I2CBus.hex(register))", errno: 0,
                    hint: "only \(delivered) arrived; check the wiring and the bus speed"))
        }
    }

    func wrongDevice(found: UInt8, expected: UInt8) -> AccelerometerError {
        .wrongDevice(chip: chip, bus: busName, address: address, found: found, expected: expected)
    }

    func saturated(limitMilliG: Int32) -> AccelerometerError {
        .saturated(chip: chip, bus: busName, address: address, limitMilliG: limitMilliG)
    }

    /// Whether an axis reads within 1/64 of the range's `limit` (milli-g) or beyond: the
    /// largest code either chip gives is within that of it at every range.
    static func isSaturated(_ vector: AccelerationVector, limit: Int32) -> Bool {
        let edge = limit - limit / 64
        return abs(vector.xMilliG) >= edge || abs(vector.yMilliG) >= edge || abs(vector.zMilliG) >= edge
    }
}
