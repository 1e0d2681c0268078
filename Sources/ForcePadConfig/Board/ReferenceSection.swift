import ForcePadCore

/// Reads `[reference]`: the reference force sensor beside the pad. `model` picks the kind and
/// each kind reads its own keys: the sim board's simulated sensor (`model = "sim"`: `noise`,
/// `rate_hz`), a NAU7802 load-cell ADC (`model = "nau7802"`: `bus`, `address`, `gain`,
/// `rate_sps`, `scale`) or a serial force gauge (`model = "mark10"` or `"imada"`: `device`,
/// `baud`, `rate_hz`).
///
/// The load cell's scale (counts per gram at its gain) lives here, with the hardware it
/// belongs to; the tare is measured at each start, as the pad's is.
enum ReferenceSection {
    /// The models `[reference] model` accepts.
    static let models = ["sim", "nau7802"] + ForceGaugeModel.allCases.map(\.rawValue)

    /// The reference sensor, or nil without the table. `board` is the board read so far (a
    /// simulated reference needs the simulated pad; a NAU7802 defaults to the board's bus and
    /// must not share an address with its converters).
    static func read(_ table: TableReader?, board: BoardDescription) throws(ConfigError) -> ReferenceDescription? {
        guard let table else { return nil }
        guard let model = try table.oneOf("model", models, noun: "reference model") else {
            throw table.error("model", "missing; give the reference sensor's model, one of \(models.joined(separator: ", "))")
        }
        if let gauge = ForceGaugeModel(rawValue: model) {
            return .gauge(try readGauge(table, model: gauge))
        }
        if model == "nau7802" {
            return .loadCell(try readLoadCell(table, bus: board.bus, adcs: board.adcs))
        }
        return .simulated(try readSimulated(table, board: board))
    }

    /// `model = "sim"`: `noise` (a force) and `rate_hz` (readings per second).
    private static func readSimulated(_ table: TableReader, board: BoardDescription) throws(ConfigError) -> SimulatedReferenceSettings {
        let standard = SimulatedReferenceSettings.standard
        let noise = try table.force("noise", range: .zero ... .grams(50)) ?? standard.noise
        let rate = try table.integer("rate_hz", expected: "readings per second such as 80", range: 1...1_000, unit: " Hz") ?? standard.rateHz
        try table.finish()
        guard board.isSimulated else {
            throw table.error("model", "\"sim\" is only for boards whose converters are model sim; name this board's load cell or gauge instead")
        }
        return SimulatedReferenceSettings(noise: noise, rateHz: rate)
    }

    private static func readLoadCell(
        _ table: TableReader, bus: I2CBusDescription?, adcs: [ADCDescription]
    ) throws(ConfigError) -> LoadCellADCDescription {
        let device = try table.string("bus", expected: "an I2C adapter device such as \"/dev/i2c-1\"")
        let address = try table.integer("address", expected: "a 7-bit I2C address such as 0x2a", range: 0x03...0x77)
        let gains = LoadCellADCDescription.gains.map(String.init).joined(separator: ", ")
        let gain = try table.integer("gain", expected: "a PGA gain (\(gains))") ?? 128
        let rates = LoadCellADCDescription.ratesSPS.map(String.init).joined(separator: ", ")
        let rate = try table.integer("rate_sps", expected: "conversions per second (\(rates))") ?? 80
        let scale = try table.number("scale", expected: "the load cell's counts per gram such as 420.5")
        try table.finish()
        guard let device = device ?? bus?.device else {
            throw table.error("model", "the NAU7802 needs an I2C bus: give bus = \"/dev/i2c-1\" here or an [i2c] device")
        }
        guard device.hasPrefix("/dev/") else {
            throw table.error("bus", "\(QuotedValue.quoted(device)) is not a device path; give the adapter's character device, e.g. \"/dev/i2c-1\"")
        }
        guard LoadCellADCDescription.gains.contains(gain) else {
            throw table.error("gain", "\(gain) is not a NAU7802 gain; use one of \(gains)")
        }
        guard LoadCellADCDescription.ratesSPS.contains(rate) else {
            throw table.error("rate_sps", "\(rate) SPS is not a NAU7802 rate; use one of \(rates)")
        }
        if let scale, !scale.isFinite || scale == 0 {
            throw table.error("scale", "\(scale) counts per gram cannot scale a reading; measure it with a known weight (docs/reference-sensors.md)")
        }
        let chipAddress = UInt8(address ?? Int(LoadCellADCDescription.defaultAddress))
        if device == bus?.device, let index = adcs.firstIndex(where: { $0.model.isOnBus && $0.address == chipAddress }) {
            throw table.error(
                address == nil ? "model" : "address",
                "\(ADCListSection.hex(Int(chipAddress))) is already used by adc[\(index)] on \(device); give the NAU7802 another bus (its address is fixed)")
        }
        return LoadCellADCDescription(device: device, address: chipAddress, gain: gain, rateSPS: rate, countsPerGram: scale)
    }

    private static func readGauge(_ table: TableReader, model: ForceGaugeModel) throws(ConfigError) -> ForceGaugeDescription {
        let bauds = SerialPortDescription.supportedBauds.map(String.init).joined(separator: ", ")
        let range = ForceGaugeDescription.rateRangeHz
        let device = try table.string("device", expected: "a serial device such as \"/dev/ttyUSB0\"")
        let baud = try table.integer("baud", expected: "the gauge's baud rate (\(bauds))")
        let rate = try table.integer("rate_hz", expected: "requests per second such as 10", range: range, unit: " Hz") ?? 10
        try table.finish()
        guard let device else { throw table.error("model", "the gauge needs device = \"/dev/ttyUSB0\" (its USB-serial port)") }
        guard device.hasPrefix("/dev/") else {
            throw table.error("device", "\(QuotedValue.quoted(device)) is not a device path; give e.g. \"/dev/ttyUSB0\" or \"/dev/serial/by-id/…\"")
        }
        guard let baud else { throw table.error("model", "the gauge needs baud = the rate set in its serial menu (\(bauds))") }
        guard SerialPortDescription.supportedBauds.contains(baud) else {
            throw table.error("baud", "\(baud) is not a supported baud rate; use one of \(bauds)")
        }
        return ForceGaugeDescription(model: model, device: device, baud: baud, rateHz: rate)
    }
}
