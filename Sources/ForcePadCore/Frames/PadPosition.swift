/// A point on the pad as fractions of its width and height.
/// `x` runs along a strip (0 = first cell's outer edge, 1 = last cell's); `y` down a grid's rows
/// (0.5 on a strip). Both Q16 (65536 = 1.0).
public struct PadPosition: Sendable, Equatable, BitwiseCopyable {
    /// Q16 fraction of the width (0…65536).
    public var x: Int32
    /// Q16 fraction of the height (0…65536).
    public var y: Int32

    public static let one: Int32 = 1 << 16
    public static let center = PadPosition(x: one / 2, y: one / 2)

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    /// From fractions in 0…1 (clamped); for parsing and config only.
    public init(fractionX: Double, fractionY: Double) {
        func q16(_ value: Double) -> Int32 { Int32((min(max(value, 0), 1) * Double(Self.one)).rounded()) }
        self.init(x: q16(fractionX), y: q16(fractionY))
    }

    /// x as a fraction 0…1, for display only.
    public var fractionX: Double { Double(x) / Double(Self.one) }
    /// y as a fraction 0…1, for display only.
    public var fractionY: Double { Double(y) / Double(Self.one) }
}
