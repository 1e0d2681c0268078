/// Why a gauge's answer line is not a force; `description` is the one-line message, quoting
/// the line (at most 40 characters, control characters escaped) and saying what to check.
public enum ForceGaugeAnswerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The gauge sent an empty line.
    case empty
    /// A gauge error code such as Mark-10's `*10` (illegal command).
    case gaugeError(String)
    /// The gauge is overloaded.
    case overload(String)
    /// Not a number with its unit.
    case unreadable(String)
    /// A number without a unit.
    case missingUnit(String)
    /// A unit that is not one of ``ForceGaugeUnit``: the unit, then the line.
    case unknownUnit(String, String)
    /// A force beyond ±``ForceGaugeAnswer/largestGrams``.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .empty:
            "the gauge answered an empty line: check that it is on and showing a reading"
        case .gaugeError(let line):
            "the gauge answered \(line), an error code: check the gauge model in [reference] (mark10 or imada)"
        case .overload(let line):
            "the gauge answered \(line): it is overloaded; take the load off and use a gauge with a larger capacity"
        case .unreadable(let line):
            "the gauge answered \(line), not a force with its unit (e.g. \"12.34 lbF\"): check the baud rate in"
                + " [reference] against the gauge's setting"
        case .missingUnit(let line):
            "the gauge answered \(line) without a unit: turn on the unit in the gauge's serial output settings"
        case .unknownUnit(let unit, let line):
            "the gauge answered \(line) in \(unit), which is not a force unit ForcePad reads: set the gauge to"
                + " N, kN, mN, kgF, gF, lbF or ozF"
        case .outOfRange(let line):
            "the gauge answered \(line), beyond ±1000 kg: check the gauge's unit and baud rate"
        }
    }
}
