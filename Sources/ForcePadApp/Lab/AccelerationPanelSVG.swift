import ForcePadCore

/// The accelerometer's samples of a recording as a panel under the force plot, on the same
/// time axis: the acceleration about its mean (gravity and offset removed), in g, as
/// `polyline#acceleration`, at most a minimum and a maximum per pixel column, with its scale
/// (`text.acceleration-scale`) and a zero line.
struct AccelerationPanelSVG {
    /// The panel's height (px), added to the drawing's.
    static let height = 110.0
    let samples: [AccelerationSample]
    /// The force plot's time span (µs).
    let start: Int64
    let end: Int64
    /// Where the panel starts (px from the top), the plot's left edge and width (px).
    let top: Double
    let left: Double
    let width: Double

    var lines: [String] {
        let shown = samples.filter { $0.timeMicros >= start && $0.timeMicros <= end }
        guard !shown.isEmpty else { return [] }
        let mean = shown.reduce(Int64(0)) { $0 + Int64($1.milliG) } / Int64(shown.count)
        let largest = max(shown.map { abs(Int64($0.milliG) - mean) }.max() ?? 0, 1)
        let scale = ForcePlotSVG.niceCeiling(Double(largest) / 1000)
        let plotTop = top + 14
        let half = (Self.height - 30) / 2
        let zero = plotTop + half
        func x(_ micros: Int64) -> Double { left + Double(micros - start) / Double(max(end - start, 1)) * width }
        func y(_ milliG: Int64) -> Double { zero - Double(milliG - mean) / 1000 / scale * half }
        var columns: [Int: (low: Int64, high: Int64, time: Int64)] = [:]
        for sample in shown {
            let column = Int(x(sample.timeMicros))
            let value = Int64(sample.milliG)
            let current = columns[column] ?? (value, value, sample.timeMicros)
            columns[column] = (min(current.low, value), max(current.high, value), current.time)
        }
        let points = columns.keys.sorted().flatMap { column -> [String] in
            let entry = columns[column]!
            let px = ForcePlotSVG.f(Double(column))
            return entry.low == entry.high
                ? ["\(px),\(ForcePlotSVG.f(y(entry.low)))"]
                : ["\(px),\(ForcePlotSVG.f(y(entry.low)))", "\(px),\(ForcePlotSVG.f(y(entry.high)))"]
        }
        return [
            "<text class=\"acceleration-label\" x=\"\(ForcePlotSVG.f(left))\" y=\"\(ForcePlotSVG.f(top + 8))\">acceleration on the pad about its mean (the accelerometer, g)</text>",
            "<line class=\"acceleration-zero\" x1=\"\(ForcePlotSVG.f(left))\" y1=\"\(ForcePlotSVG.f(zero))\" x2=\"\(ForcePlotSVG.f(left + width))\" y2=\"\(ForcePlotSVG.f(zero))\" stroke=\"#cccccc\"/>",
            "<text class=\"acceleration-scale\" x=\"\(ForcePlotSVG.f(left - 6))\" y=\"\(ForcePlotSVG.f(zero - half + 4))\" text-anchor=\"end\" font-size=\"9\">+\(FixedDecimal.format(Int64((scale * 1000).rounded()), scale: 3))</text>",
            "<text class=\"acceleration-scale\" x=\"\(ForcePlotSVG.f(left - 6))\" y=\"\(ForcePlotSVG.f(zero + half + 4))\" text-anchor=\"end\" font-size=\"9\">−\(FixedDecimal.format(Int64((scale * 1000).rounded()), scale: 3))</text>",
            "<polyline id=\"acceleration\" class=\"acceleration\" fill=\"none\" stroke=\"#17becf\" stroke-width=\"0.8\" points=\"\(points.joined(separator: " "))\"><title>acceleration (accel_mg about its mean)</title></polyline>",
        ]
    }
}
