/// A force unit a serial gauge sends after its value, matched in any letter case.
public enum ForceGaugeUnit: String, Sendable, CaseIterable {
    case newton = "n"
    case kilonewton = "kn"
    case millinewton = "mn"
    case kilogramForce = "kgf"
    case gramForce = "gf"
    case poundForce = "lbf"
    case ounceForce = "ozf"

    /// The unit in `text` (e.g. `lbF`, `N`, `KGF`); nil for any other text.
    public init?(_ text: Substring) {
        self.init(rawValue: text.lowercased())
    }

    /// Grams-force in one of this unit.
    public var grams: Double {
        switch self {
        case .newton: 1000 / Force.standardGravity
        case .kilonewton: 1_000_000 / Force.standardGravity
        case .millinewton: 1 / Force.standardGravity
        case .kilogramForce: 1000
        case .gramForce: 1
        case .poundForce: 453.59237
        case .ounceForce: 28.349523125
        }
    }
}
