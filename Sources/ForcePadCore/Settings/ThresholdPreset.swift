/// The sensitivity presets, after the phone's Light / Medium / Firm setting.
/// A preset sets peek and pop; touch is left as configured.
public enum ThresholdPreset: String, Sendable, CaseIterable {
    case light, medium, firm

    /// Default peek and pop forces of each preset, in grams.
    public var defaultForces: (peek: Force, pop: Force) {
        switch self {
        case .light: (.grams(100), .grams(200))
        case .medium: (.grams(150), .grams(300))
        case .firm: (.grams(200), .grams(350))
        }
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
