/// A force expressed as a mass under standard gravity, the way force-sensing pads and
/// scales report it.
///
/// Stored as signed milligrams in an `Int32` (Q0, 1 LSB = 1 mg), which spans ±2147 kg:
/// far beyond any pad, so sums over a frame of cells never overflow.
public struct Force: Sendable, Hashable, Comparable, BitwiseCopyable {
    /// Milligrams, Q0 (1 LSB = 1 mg).
    public var milligrams: Int32

    @inlinable public init(milligrams: Int32) { self.milligrams = milligrams }

    /// Whole grams (exact).
    @inlinable public static func grams(_ grams: Int32) -> Force {
        Force(milligrams: grams * 1000)
    }

    public static let zero = Force(milligrams: 0)

    /// Standard gravity in m/s² (ISO 80000-3), used to convert newtons to grams.
    public static let standardGravity = 9.80665

    /// Grams as a floating-point value, for display and reports only (never the hot path).
    public var gramsValue: Double { Double(milligrams) / 1000 }

    /// Nearest force to `grams`, clamped to the representable range. For parsing and config only.
    public static func fromGrams(_ grams: Double) -> Force {
        let mg = (grams * 1000).rounded()
        if mg >= Double(Int32.max) { return Force(milligrams: .max) }
        if mg <= Double(Int32.min) { return Force(milligrams: .min) }
        return Force(milligrams: Int32(mg))
    }

    @inlinable public static func < (lhs: Force, rhs: Force) -> Bool { lhs.milligrams < rhs.milligrams }
}

extension Force: CustomStringConvertible {
    /// Grams with up to three decimals and no trailing zeros: `150g`, `57.735g`.
    public var description: String { FixedDecimal.format(Int64(milligrams), scale: 3) + "g" }
}

/// Stored as its whole milligrams, so a value written and read back is the same force.
extension Force: Codable {
    public init(from decoder: any Decoder) throws {
        milligrams = try decoder.singleValueContainer().decode(Int32.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milligrams)
    }
}
