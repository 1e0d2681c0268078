/// Why an accelerometer cannot be used; `description` is the one-line message shown, with the
/// bus, the address and what to do.
public enum AccelerometerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The ID register read another value: another chip, or none, answers there.
    case wrongDevice(chip: String, bus: String, address: UInt8, found: UInt8, expected: UInt8)
    /// A transfer failed (no answer, a bus error).
    case bus(chip: String, bus: String, address: UInt8, DeviceError)
    /// Every sample of a FIFO read sat at the range's limit on an axis: the range is too small
    /// for what it measured, or the chip is broken.
    case saturated(chip: String, bus: String, address: UInt8, limitMilliG: Int32)
    /// No sample came for `micros` µs: the chip reset or lost power and stopped measuring.
    case silent(chip: String, bus: String, address: UInt8, micros: Int64)

    public var description: String {
        switch self {
        case .wrongDevice(let chip, let bus, let address, let found, let expected):
            "the device at \(I2CBus.hex(address)) on \(bus) answers with ID \(I2CBus.hex(found)), not an \(chip)"
                + " (\(I2CBus.hex(expected))): check the wiring and the address in [accelerometer]"
        case .bus(let chip, let bus, let address, let error):
            "the \(chip) at \(I2CBus.hex(address)) on \(bus): \(error.description)"
        case .silent(let chip, let bus, let address, let micros):
            "the \(chip) at \(I2CBus.hex(address)) on \(bus) gave no sample for \(micros / 1000) ms:"
                + " it may have reset or lost power; it is started again, check its supply and wiring"
        case .saturated(let chip, let bus, let address, let limit):
            "the \(chip) at \(I2CBus.hex(address)) on \(bus) reads its ±\(limit) mg limit on every sample:"
                + " choose a larger range in [accelerometer], or check that the sensor is not loose"
        }
    }
}
