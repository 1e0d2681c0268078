/// Travel in micrometres (µm, Q0) to and from the decimal millimetres stands speak.
public enum StandTravelText {
    /// `value` µm as millimetres with `decimals` decimals (rounded half away from zero),
    /// `width` characters before the point at least (zero-padded), a `-` before negative values.
    /// `fixed(12_345, decimals: 2, width: 3)` is `"012.35"`.
    public static func fixed(_ value: Int64, decimals: Int, width: Int) -> String {
        var step: Int64 = 1
        for _ in 0..<(3 - decimals) { step *= 10 }
        let magnitude = (value.magnitude + UInt64(step / 2)) / UInt64(step)
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let whole = String(magnitude / scale)
        let fraction = String(magnitude % scale)
        let padded = String(repeating: "0", count: max(0, width - whole.count)) + whole
        let decimalsText = decimals > 0 ? "." + String(repeating: "0", count: decimals - fraction.count) + fraction : ""
        return (value < 0 && magnitude > 0 ? "-" : "") + padded + decimalsText
    }

    /// Decimal millimetres (`"-7.52"`, `"10.7"`, `"+3"`) as µm, rounded to the nearest; nil for
    /// anything else or beyond ±1 km.
    public static func micrometres(_ text: Substring) -> Int64? {
        guard let millimetres = FixedDecimal.parse(text), abs(millimetres) <= 1_000_000 else { return nil }
        return Int64((millimetres * 1000).rounded())
    }

    /// `value` µm as millimetres for people: `12.5mm`.
    public static func readable(_ value: Int64) -> String {
        FixedDecimal.format(value, scale: 3) + "mm"
    }

    /// `value` µm/min as `mm/min` for people: `120mm/min`.
    public static func readableSpeed(_ value: Int64) -> String {
        FixedDecimal.format(value, scale: 3) + "mm/min"
    }
}
