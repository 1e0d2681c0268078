/// The least-squares line y = intercept + slope · x through a set of points.
struct StraightLine {
    let intercept: Double
    let slope: Double

    /// Nil for fewer than two points or points that all share one x.
    init?(fitting points: [(cells: Double, perFrame: Double)]) {
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.cells } / count
        let meanY = points.reduce(0) { $0 + $1.perFrame } / count
        let spread = points.reduce(0) { $0 + ($1.cells - meanX) * ($1.cells - meanX) }
        guard points.count >= 2, spread > 0 else { return nil }
        slope = points.reduce(0) { $0 + ($1.cells - meanX) * ($1.perFrame - meanY) } / spread
        intercept = meanY - slope * meanX
    }

    func value(at x: Double) -> Double { intercept + slope * x }
}
