import ForcePadCore

/// `record export`'s NAME.force-travel.csv for a stand trial: every reading of every press's
/// force–travel curve (``ForceTravelCurve``), a line each: `press,stroke,t_us,travel_mm,force_g`
/// (stroke `down` or `up`; time on the loop clock, force the reference's); written whole or
/// not at all, and never over a file.
enum ForceTravelExport {
    static let header = "press,stroke,t_us,travel_mm,force_g"

    /// The file's text.
    static func csv(_ curves: [ForceTravelCurve?]) -> String {
        var lines = [header]
        for (index, curve) in curves.enumerated() {
            guard let curve else { continue }
            for (stroke, points) in [("down", curve.down), ("up", curve.up)] {
                for point in points {
                    lines.append(
                        "\(index + 1),\(stroke),\(point.timeMicros),\(FixedDecimal.format(point.travel, scale: 3)),\(FixedDecimal.format(Int64(point.force.milligrams), scale: 3))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the curves to `path` (which must not exist); returns the readings written.
    static func write(_ curves: [ForceTravelCurve?], to path: String) throws(CommandFailure) -> Int {
        let text = csv(curves)
        try CaptureFile.writeWhole(path) { file throws(CommandFailure) in try file.append(text) }
        return curves.reduce(0) { $0 + ($1.map { $0.down.count + $0.up.count } ?? 0) }
    }
}
