import ForcePadCore

extension PressTable {
    /// A stand press's `travel` fields (``ForceTravelCurve``): `depth_mm`, the actuation travel
    /// of each stage (`peek_mm`, `pop_mm`: the crosshead's travel at the stage's frame),
    /// `peak_force_g` (F1) and `peak_mm`, `return_force_g` (F2), `click_ratio` (0…1) and
    /// `hysteresis_g`; null where not measured (no snap, no curve).
    static func travelFields(_ curve: ForceTravelCurve?, record: PressRecord) -> [(String, JSONValue)] {
        func millimetres(_ travel: Int64?) -> JSONValue { travel.map { .decimal($0, places: 3) } ?? .null }
        func grams(_ force: Force?) -> JSONValue { force.map { .grams($0) } ?? .null }
        let peakTravel = curve?.snap?.peak.travel ?? curve?.down.max { $0.force < $1.force }?.travel
        return [
            ("depth_mm", millimetres(curve?.depth)),
            ("peek_mm", millimetres(record.firing(.peek).flatMap { curve?.travel(atMicros: $0.timeMicros) })),
            ("pop_mm", millimetres(record.firing(.pop).flatMap { curve?.travel(atMicros: $0.timeMicros) })),
            ("peak_force_g", grams(curve?.peakForce)), ("peak_mm", millimetres(peakTravel)),
            ("return_force_g", grams(curve?.returnForce)),
            ("click_ratio", curve?.clickRatioPermille.map { .decimal($0, places: 3) } ?? .null),
            ("hysteresis_g", grams(curve?.hysteresis)),
        ]
    }

    /// ` | travel peek 2.75mm pop 3.5mm F1 160g F2 100g click 0.375 hyst 9.5g` for a stand press.
    static func travelText(_ fields: [(String, JSONValue)]) -> String {
        let values = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        func text(_ key: String, _ unit: String) -> String {
            guard let value = values[key], value != .null else { return "-" }
            return value.rendered() + unit
        }
        return " | travel peek \(text("peek_mm", "mm")) pop \(text("pop_mm", "mm")) depth \(text("depth_mm", "mm"))"
            + " F1 \(text("peak_force_g", "g")) F2 \(text("return_force_g", "g")) click \(text("click_ratio", "")) hyst \(text("hysteresis_g", "g"))"
    }
}
