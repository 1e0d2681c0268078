/// Fixed-decimal text for the table (the benchmark uses no Foundation).
enum DecimalText {
    /// `value` rounded to `places` decimals, trailing zeros kept: `format(3.14159, places: 2)` is `"3.14"`.
    static func format(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let divisor = Int64(scale)
        let whole = String(scaled / divisor)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + whole }
        let fraction = String(scaled % divisor)
        return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
