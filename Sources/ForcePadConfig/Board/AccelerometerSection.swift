import ForcePadCore

/// Reads `[accelerometer]`: the ADXL345 or LIS3DH fixed to the pad, on an I2C bus or on SPI.
enum AccelerometerSection {
    static let ranges: [String: AccelerometerRange] = ["2g": .twoG, "4g": .fourG, "8g": .eightG, "16g": .sixteenG]

    /// The accelerometer `table` describes; `busDevice` is the board's `[i2c] device`, nil when
    /// it has none; `simulated` on the `sim` board, whose accelerometer is simulated.
    static func read(_ table: TableReader, busDevice: String?, simulated: Bool) throws(ConfigError) -> AccelerometerDescription {
        guard let model: AccelerometerModel = try table.choice("model", noun: "accelerometer model") else {
            throw table.error("model", "missing; give model = \"adxl345\" or \"lis3dh\", as fitted")
        }
        let bus = try table.string("bus", expected: "an I2C adapter device such as \"/dev/i2c-1\"")
        let spiDevice = try table.string("spi_device", expected: "an SPI device such as \"/dev/spidev0.0\"")
        let address = try table.integer("address", expected: "the chip's 7-bit address such as 0x53", range: 0x03...0x77)
        let rangeName = try table.oneOf("range", ranges.keys.sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }, noun: "range")
        let rate = try table.integer("rate_hz", expected: "samples per second such as \(model.rateHz)", range: 1...10_000)
        let axis: AccelerometerAxis = try table.choice("axis", noun: "axis") ?? .magnitude
        try table.finish()

        if let spiDevice {
            if simulated { throw table.error("spi_device", "the sim board's accelerometer is simulated and has no bus: remove spi_device") }
            if bus != nil { throw table.error("spi_device", "the chip is on SPI or on I2C, not both: remove bus or spi_device") }
            if address != nil { throw table.error("address", "on SPI the chip select picks the chip, not an address: remove address") }
            guard spiDevice.hasPrefix("/dev/spidev") else {
                throw table.error("spi_device", "\(QuotedValue.quoted(spiDevice)) is not an SPI device; give spidev's character device, e.g. \"/dev/spidev0.0\"")
            }
            return AccelerometerDescription(
                model: model, busDevice: nil, address: model.addresses[0], range: rangeName.flatMap { ranges[$0] } ?? .fourG,
                rateHz: model.rateHz, axis: axis, spiDevice: spiDevice)
        }
        if let address, !model.addresses.contains(UInt8(address)) {
            let allowed = model.addresses.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " or ")
            throw table.error("address", "an \(model.name) answers at \(allowed) only; give one of them")
        }
        if let rate, rate != model.rateHz {
            throw table.error("rate_hz", "the \(model.name) is read at its fastest, \(model.rateHz) Hz: give \(model.rateHz) or remove rate_hz")
        }
        if simulated, bus != nil {
            throw table.error("bus", "the sim board's accelerometer is simulated and has no bus: remove bus")
        }
        let device = simulated ? nil : bus ?? busDevice
        if !simulated, device == nil {
            throw table.error("model", "the \(model.name) needs an I2C bus: give bus = \"/dev/i2c-1\" here or [i2c] device")
        }
        if let device, !device.hasPrefix("/dev/") {
            throw table.error("bus", "\(QuotedValue.quoted(device)) is not a device path; give the adapter's character device, e.g. \"/dev/i2c-1\"")
        }
        return AccelerometerDescription(
            model: model, busDevice: device, address: address.map { UInt8($0) } ?? model.addresses[0],
            range: rangeName.flatMap { ranges[$0] } ?? .fourG, rateHz: model.rateHz, axis: axis)
    }
}
