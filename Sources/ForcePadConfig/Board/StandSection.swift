import ForcePadCore

/// Reads `[stand]`: the motorised force test stand pressing the pad. `model` picks the
/// protocol (`esm303` or `gcode`); `device` and `baud` its serial port (on the sim board
/// `device` is left out: the stand is simulated on a pseudo-terminal); `travel_unit` must be
/// `"mm"`; `max_speed` (mm/min), `travel` (`[lowest, highest]` mm from home, downwards),
/// `force_limit` (a force, required), `command_period` (how often the stand is asked where
/// it is) and `silent_periods` (how many of them it may stay silent before it is stopped). On the sim board the simulated stand's `acceleration` (mm/s²), `contact` (mm),
/// `stiffness` (g/mm) and optional snap (`snap_at` mm past contact, `snap_width` mm,
/// `snap_drop` a force) are read too.
enum StandSection {
    static func read(_ table: TableReader, board: BoardDescription) throws(ConfigError) -> StandDescription {
        guard let model: StandModel = try table.choice("model", noun: "stand model") else {
            let models = StandModel.allCases.map(\.rawValue).joined(separator: " or ")
            throw table.error("model", "missing; give the stand's protocol, \(models)")
        }
        let bauds = SerialPortDescription.supportedBauds.map(String.init).joined(separator: ", ")
        let device = try table.string("device", expected: "a serial device such as \"/dev/ttyUSB1\"")
        let baud = try table.integer("baud", expected: "the stand's baud rate (\(bauds))") ?? 115_200
        _ = try table.oneOf("travel_unit", ["mm"], noun: "travel unit")
        let maxSpeed = try millimetres(table, "max_speed", expected: "the fastest speed in mm/min such as 300", range: StandDescription.speedRange) ?? 300_000
        let travel = try travelLimits(table) ?? 0...50_000
        let forceLimit = try table.force("force_limit", range: .grams(1) ... .grams(1_000_000))
        let period = try table.durationMicros("command_period", range: StandDescription.commandPeriodRange) ?? 50_000
        let silent = try table.integer(
            "silent_periods", expected: "command periods such as 3",
            range: Int(StandDescription.silentPeriodsRange.lowerBound)...Int(StandDescription.silentPeriodsRange.upperBound)) ?? 3
        let simulation = board.isSimulated ? try readSimulation(table) : nil
        try table.finish()
        guard let forceLimit else {
            throw table.error("model", "the stand needs force_limit = the force that stops it at once, e.g. \"2kg\" (below what the pad and the gauge can bear)")
        }
        guard SerialPortDescription.supportedBauds.contains(baud) else {
            throw table.error("baud", "\(baud) is not a supported baud rate; use one of \(bauds)")
        }
        if board.isSimulated {
            if device != nil {
                throw table.error("device", "the sim board's stand is simulated on a pseudo-terminal: remove device")
            }
        } else {
            guard let device else { throw table.error("model", "the stand needs device = \"/dev/ttyUSB1\" (its USB-serial port)") }
            guard device.hasPrefix("/dev/") else {
                throw table.error("device", "\(QuotedValue.quoted(device)) is not a device path; give e.g. \"/dev/ttyUSB1\" or \"/dev/serial/by-id/…\"")
            }
        }
        if model == .gcode, board.reference == nil {
            throw table.error("model", "a G-code stage has no force gauge of its own: add a [reference] sensor, which the stand's force limit watches")
        }
        return StandDescription(
            model: model, device: device, baud: baud, maxSpeed: maxSpeed, travelLimits: travel, forceLimit: forceLimit,
            commandPeriodMicros: period, silentPeriods: Int64(silent), simulation: simulation)
    }

    /// `travel = [lowest, highest]` in mm from home.
    private static func travelLimits(_ table: TableReader) throws(ConfigError) -> ClosedRange<Int64>? {
        guard let values = try table.array("travel", expected: "[lowest, highest] travel in mm such as [0, 25]") else { return nil }
        let range = StandDescription.travelRange
        let allowed = "allowed: \(StandTravelText.readable(range.lowerBound))…\(StandTravelText.readable(range.upperBound))"
        var limits: [Int64] = []
        for value in values {
            guard let number = value.integer.map(Double.init) ?? value.float, number.isFinite else {
                throw table.error("travel", "give two numbers of millimetres, [lowest, highest], such as [0, 25]")
            }
            let micrometres = Int64((number * 1000).rounded())
            guard range.contains(micrometres) else { throw table.error("travel", "\(StandTravelText.readable(micrometres)) is out of range; \(allowed)") }
            limits.append(micrometres)
        }
        guard limits.count == 2, limits[0] < limits[1] else {
            throw table.error("travel", "give [lowest, highest] with lowest below highest, such as [0, 25]")
        }
        return limits[0]...limits[1]
    }

    /// A number of millimetres (or mm/min, mm/s²) as thousandths, within `range` thousandths.
    private static func millimetres(
        _ table: TableReader, _ key: String, expected: String, range: ClosedRange<Int64>
    ) throws(ConfigError) -> Int64? {
        guard let number = try table.number(key, expected: expected) else { return nil }
        let thousandths = Int64(exactly: (number * 1000).rounded()) ?? .max
        guard number.isFinite, range.contains(thousandths) else {
            throw table.error(
                key, "\(number) is out of range; allowed: \(FixedDecimal.format(range.lowerBound, scale: 3))…\(FixedDecimal.format(range.upperBound, scale: 3))")
        }
        return thousandths
    }

    /// The sim board's simulated stand.
    private static func readSimulation(_ table: TableReader) throws(ConfigError) -> SimulatedStandSettings {
        let standard = SimulatedStandSettings.standard
        let acceleration = try millimetres(table, "acceleration", expected: "mm/s² such as 200", range: 1_000...100_000_000) ?? standard.acceleration
        let contact = try millimetres(table, "contact", expected: "the travel in mm where the plunger meets the pad", range: StandDescription.travelRange) ?? standard.contact
        let stiffness = try millimetres(table, "stiffness", expected: "g/mm such as 200", range: 1_000...100_000_000).map { $0 / 1000 } ?? standard.stiffness
        let snapAt = try millimetres(table, "snap_at", expected: "mm past contact such as 0.8", range: StandDescription.travelRange) ?? standard.snapAt
        let snapWidth = try millimetres(table, "snap_width", expected: "mm such as 0.2", range: StandDescription.travelRange) ?? standard.snapWidth
        let snapDrop = try table.force("snap_drop", range: .zero ... .grams(100_000)) ?? standard.snapDrop
        return SimulatedStandSettings(
            acceleration: acceleration, contact: contact, stiffness: stiffness, snapAt: snapAt, snapWidth: snapWidth, snapDrop: snapDrop)
    }
}
