/// The serial force gauges ForcePad speaks to: each answers a one-character request with
/// one line holding the force and its unit.
public enum ForceGaugeModel: String, Sendable, Equatable, CaseIterable {
    /// Mark-10 Series 5 and 7 gauges: request `?` + CR, answer e.g. `12.34 lbF`.
    case mark10
    /// Imada ZTA/ZTS/DST gauges: request `D` + CR, answer e.g. `+012.34N`.
    case imada

    /// The request for the displayed reading, with the carriage return that ends it.
    public var request: String {
        switch self {
        case .mark10: "?\r"
        case .imada: "D\r"
        }
    }
}
