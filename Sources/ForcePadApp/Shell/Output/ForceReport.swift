import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// The newest frame as the operator reads it: force per cell and in total, centroid,
/// contact regions and normalised force. Shared by `force` and `status`.
struct ForceReport {
    let board: BoardDescription
    let scale: ForceScale
    let snapshot: LoopSnapshot
    /// The reference sensor's reading beside this frame (`reference_g`); nil when none was measured.
    var reference: Force? = nil

    var cells: [Force] {
        (0..<snapshot.force.cellCount).map { Force(milligrams: snapshot.force.cellMilligrams[$0]) }
    }

    var saturationNote: String { snapshot.force.isSaturated ? " (saturated: at least this much)" : "" }

    var normalised: JSONValue { .decimal((Int64(snapshot.force.normalisedQ16) * 1000 + (1 << 15)) >> 16, places: 3) }

    var maximumNormalised: String { Self.decimal(scale.maximumNormalised, places: 2) }

    var positionText: String {
        let centroid = snapshot.force.centroid
        guard snapshot.force.contacts > 0 else { return "none" }
        switch board.geometry {
        case .strip: return "x \(Self.decimal(centroid.fractionX, places: 3))"
        case .grid: return "x \(Self.decimal(centroid.fractionX, places: 3)) y \(Self.decimal(centroid.fractionY, places: 3))"
        }
    }

    /// Summary lines (for status).
    var summaryLines: [String] {
        let force = snapshot.force
        return [
            "force       \(force.total) total\(saturationNote), normalised \(normalised.rendered()) of max \(maximumNormalised)",
            "cells       " + cells.map(\.description).joined(separator: "  "),
            "contacts    \(force.contacts), centroid \(positionText)",
        ] + (reference.map { ["reference   \($0) (pad total − reference \(Self.signed(Int64(force.total.milligrams) - Int64($0.milligrams))))"] } ?? [])
    }

    /// `+2.300g`, `-0.500g`.
    static func signed(_ milligrams: Int64) -> String {
        (milligrams >= 0 ? "+" : "-") + FixedDecimal.format(abs(milligrams), scale: 3) + "g"
    }

    /// Per-cell detail (for `force`).
    var detailLines: [String] {
        var lines = summaryLines
        lines.append("cell  reading  zero  grams")
        for cell in 0..<snapshot.force.cellCount {
            let reading = snapshot.cellCounts.readings[cell], zero = snapshot.cellCounts.zeros[cell]
            let saturated = reading - zero >= board.calibration.saturationCounts ? "  saturated" : ""
            lines.append(String(cell).padded(to: 4) + "  " + String(reading).padded(to: 7) + "  " + String(zero).padded(to: 4) + "  \(cells[cell])\(saturated)")
        }
        return lines
    }

    var fields: [(String, JSONValue)] {
        let force = snapshot.force
        return [
            ("total_g", .grams(force.total)),
            ("cells_g", .array(cells.map { .grams($0) })),
            ("readings", .array((0..<force.cellCount).map { .int(Int64(snapshot.cellCounts.readings[$0])) })),
            ("zeros", .array((0..<force.cellCount).map { .int(Int64(snapshot.cellCounts.zeros[$0])) })),
            ("saturated", .bool(force.isSaturated)),
            ("contacts", .int(Int64(force.contacts))),
            ("x", force.contacts > 0 ? .fractionQ16(force.centroid.x) : .null),
            ("y", force.contacts > 0 ? .fractionQ16(force.centroid.y) : .null),
            ("normalised", normalised),
            ("maximum_normalised", .decimal(Int64((scale.maximumNormalised * 1000).rounded()), places: 3)),
            ("t_us", .int(force.timeMicros)),
        ] + (reference.map { [("reference_g", .grams($0))] } ?? [])
    }

    static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return FixedDecimal.format(Int64((value * scale).rounded()), scale: places)
    }
}
