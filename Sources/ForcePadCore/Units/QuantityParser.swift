/// Reads quantities with units, as typed at the shell or written in config files.
///
/// - Force: `g`, `kg`, `N`, `mN` (newtons through standard gravity). A bare number is
///   refused unless a default unit is given: the operator should always see the unit.
/// - Duration: `us`, `ms`, `s`.
/// - Frequency: `Hz`, `kHz`.
/// - Voltage: `V`, `mV`.
/// - Travel: `mm`, `um`; speed: `mm/min`, `mm/s` (a test stand's).
public enum QuantityParser {
    public static let forceUnits = ["g", "kg", "N", "mN"]
    public static let durationUnits = ["us", "ms", "s", "min", "h"]
    public static let frequencyUnits = ["Hz", "kHz"]
    public static let voltageUnits = ["V", "mV"]
    public static let travelUnits = ["mm", "um"]
    public static let speedUnits = ["mm/min", "mm/s"]

    /// Parses a force. `defaultUnit` (one of ``forceUnits``) applies to a bare number.
    public static func force(_ text: String, defaultUnit: String? = nil) -> Result<Force, QuantityError> {
        split(text, kind: "force", units: forceUnits, defaultUnit: defaultUnit).flatMap { value, unit in
            let grams: Double
            switch unit {
            case "g": grams = value
            case "kg": grams = value * 1000
            case "N": grams = value * 1000 / Force.standardGravity
            default: grams = value / Force.standardGravity  // mN
            }
            guard abs(grams) <= 1_000_000 else {
                return .failure(QuantityError("force '\(text)' is out of range: at most 1000kg"))
            }
            return .success(Force.fromGrams(grams))
        }
    }

    /// Parses a duration into whole microseconds (rounded to the nearest).
    public static func durationMicros(_ text: String, defaultUnit: String? = nil) -> Result<Int64, QuantityError> {
        split(text, kind: "duration", units: durationUnits, defaultUnit: defaultUnit).flatMap { value, unit in
            let scale: Double = switch unit {
            case "us": 1
            case "ms": 1_000
            case "min": 60_000_000
            case "h": 3_600_000_000
            default: 1_000_000
            }
            let micros = (value * scale).rounded()
            guard micros >= 0, micros <= 86_400_000_000 else {
                return .failure(QuantityError("duration '\(text)' is out of range: 0us to 24h"))
            }
            return .success(Int64(micros))
        }
    }

    /// Parses a frequency into milli-hertz (Q0, 1 LSB = 0.001 Hz).
    public static func frequencyMilliHertz(_ text: String, defaultUnit: String? = nil) -> Result<Int64, QuantityError> {
        split(text, kind: "frequency", units: frequencyUnits, defaultUnit: defaultUnit).flatMap { value, unit in
            let milli = (value * (unit == "kHz" ? 1_000_000 : 1_000)).rounded()
            guard milli >= 0, milli <= 1_000_000_000 else {
                return .failure(QuantityError("frequency '\(text)' is out of range: 0Hz to 1MHz"))
            }
            return .success(Int64(milli))
        }
    }

    /// Parses a voltage into whole millivolts (rounded to the nearest).
    public static func voltageMillivolts(_ text: String, defaultUnit: String? = nil) -> Result<Int, QuantityError> {
        split(text, kind: "voltage", units: voltageUnits, defaultUnit: defaultUnit).flatMap { value, unit in
            let millivolts = (value * (unit == "V" ? 1_000 : 1)).rounded()
            guard millivolts >= 0, millivolts <= 1_000_000 else {
                return .failure(QuantityError("voltage '\(text)' is out of range: 0V to 1kV"))
            }
            return .success(Int(millivolts))
        }
    }

    /// Parses a travel into whole micrometres (rounded to the nearest), within ±1 m.
    public static func travelMicrometres(_ text: String, defaultUnit: String? = nil) -> Result<Int64, QuantityError> {
        split(text, kind: "travel", units: travelUnits, defaultUnit: defaultUnit).flatMap { value, unit in
            let micrometres = (value * (unit == "mm" ? 1_000 : 1)).rounded()
            guard abs(micrometres) <= 1_000_000 else {
                return .failure(QuantityError("travel '\(text)' is out of range: at most 1000mm"))
            }
            return .success(Int64(micrometres))
        }
    }

    /// Parses a speed into whole micrometres per minute (rounded to the nearest), 0 to 10 m/min.
    public static func speedMicrometresPerMinute(_ text: String, defaultUnit: String? = nil) -> Result<Int64, QuantityError> {
        split(text, kind: "speed", units: speedUnits, defaultUnit: defaultUnit).flatMap { value, unit in
            let perMinute = (value * (unit == "mm/min" ? 1_000 : 60_000)).rounded()
            guard perMinute >= 0, perMinute <= 10_000_000 else {
                return .failure(QuantityError("speed '\(text)' is out of range: 0 to 10000mm/min"))
            }
            return .success(Int64(perMinute))
        }
    }

    private static func split(
        _ text: String, kind: String, units: [String], defaultUnit: String?
    ) -> Result<(Double, String), QuantityError> {
        let trimmed = text.trimmingSpaces()
        let accepted = units.joined(separator: ", ")
        guard !trimmed.isEmpty else {
            return .failure(QuantityError("expected a \(kind) such as \(example(units)), got nothing"))
        }
        var numberEnd = trimmed.startIndex
        while numberEnd < trimmed.endIndex, "+-.0123456789".contains(trimmed[numberEnd]) {
            numberEnd = trimmed.index(after: numberEnd)
        }
        let numberText = trimmed[..<numberEnd]
        let unitText = String(trimmed[numberEnd...]).trimmingSpaces()
        guard let value = FixedDecimal.parse(numberText) else {
            return .failure(QuantityError("'\(text)' is not a \(kind): write a number and a unit, e.g. \(example(units))"))
        }
        if unitText.isEmpty {
            guard let defaultUnit else {
                return .failure(QuantityError("'\(text)' needs a unit: one of \(accepted)"))
            }
            return .success((value, defaultUnit))
        }
        if let unit = units.first(where: { $0 == unitText }) {
            return .success((value, unit))
        }
        if let unit = units.first(where: { $0.lowercased() == unitText.lowercased() }) {
            return .failure(QuantityError("unknown unit '\(unitText)' in '\(text)': did you mean '\(unit)'? (units: \(accepted))"))
        }
        return .failure(QuantityError("unknown unit '\(unitText)' in '\(text)': use one of \(accepted)"))
    }

    private static func example(_ units: [String]) -> String {
        switch units.first {
        case "g": return "150g"
        case "us": return "20ms"
        case "V": return "2.0V"
        case "mm": return "2.5mm"
        case "mm/min": return "60mm/min"
        default: return "20Hz"
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
