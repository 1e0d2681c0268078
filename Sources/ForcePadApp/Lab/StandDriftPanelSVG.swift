import ForcePadCore

/// A stand trial's drift by cycle as panels under its force–travel curves, against the press
/// number: the force each stage fired at (g; peek blue, pop red, a panel each), peek's pad −
/// reference error (g) and peek's actuation travel (mm), over the judged presses. Each is drawn as its lowest and
/// highest value per pixel column (`polyline.drift`, `data-figure`), so every press of a
/// 10,000-press run shows in a few thousand points, with the means of the drift table's bins
/// as dots (`circle.drift-bin`, ``StandDriftText``) and its range at the left.
struct StandDriftPanelSVG {
    /// One panel's height (px).
    static let panelHeight = 120.0
    let analysis: TrialAnalysis
    /// Where the panels start (px from the top), the plot's left edge and width (px).
    let top: Double
    let left: Double
    let width: Double

    /// A figure of the panels: its name, unit, colour and value per judged press (mg or µm).
    private struct Figure {
        let name: String
        let label: String
        let colour: String
        let values: [(press: Int, value: Int64)]
        let binMean: (StandDriftText.Bin) -> Int64?
    }

    /// The panels, each a title and its figures; the stage forces share one.
    private var panels: [(title: String, unit: String, figures: [Figure])] {
        let judged = analysis.records.indices.filter { !analysis.screening.isExcluded(index: $0) }
        func values(_ value: (Int) -> Int64?) -> [(press: Int, value: Int64)] { judged.compactMap { index in value(index).map { (index + 1, $0) } } }
        let records = analysis.records
        let peek = Figure(name: "peek_force_g", label: "peek", colour: "#1f77b4", values: values { records[$0].peek.map { Int64($0.force.milligrams) } }, binMean: \.peekForce)
        let pop = Figure(name: "pop_force_g", label: "pop", colour: "#d62728", values: values { records[$0].pop.map { Int64($0.force.milligrams) } }, binMean: \.popForce)
        let error = Figure(
            name: "peek_error_g", label: "peek pad − reference", colour: "#9467bd",
            values: values { index in records[index].peek.flatMap { firing in firing.referenceForce.map { Int64(firing.force.milligrams) - Int64($0.milligrams) } } },
            binMean: \.peekError)
        let travel = Figure(
            name: "peek_travel_mm", label: "peek's actuation travel", colour: "#2ca02c",
            values: values { index in
                guard index < analysis.curves.count, let curve = analysis.curves[index], let firing = records[index].peek else { return nil }
                return curve.travel(atMicros: firing.timeMicros)
            },
            binMean: \.peekTravel)
        return [
            ("the force peek fired at", "g", [peek]), ("the force pop fired at", "g", [pop]), ("peek's pad − reference error", "g", [error]),
            ("peek's actuation travel", "mm", [travel]),
        ]
            .filter { panel in panel.2.contains { !$0.values.isEmpty } }
    }

    /// The height the panels add to the drawing (px): nothing without travel.
    var height: Double { analysis.curves.isEmpty ? 0 : Double(panels.count) * Self.panelHeight }

    var lines: [String] {
        guard !analysis.curves.isEmpty else { return [] }
        let f = ForcePlotSVG.f
        let count = max(analysis.records.count, 1)
        let bins = StandDriftText(analysis: analysis).bins
        func x(_ press: Int64) -> Double { left + Double(press - 1) / Double(max(count - 1, 1)) * width }
        var lines: [String] = []
        for (number, panel) in panels.enumerated() {
            let panelTop = top + Double(number) * Self.panelHeight
            let plotTop = panelTop + 22, plotHeight = Self.panelHeight - 44
            let all = panel.figures.flatMap { $0.values.map(\.value) }
            let low = all.min() ?? 0, high = max(all.max() ?? 1, low + 1)
            let margin = max((high - low) / 10, 1)
            let bottomValue = low - margin, topValue = high + margin
            func y(_ value: Double) -> Double { plotTop + plotHeight - (value - Double(bottomValue)) / Double(topValue - bottomValue) * plotHeight }
            lines.append("<text class=\"drift-title\" x=\"\(f(left))\" y=\"\(f(panelTop + 14))\" font-weight=\"bold\">drift by cycle: \(panel.title) (\(panel.unit)) against the press number, judged presses</text>")
            lines.append("<rect class=\"drift-frame\" x=\"\(f(left))\" y=\"\(f(plotTop))\" width=\"\(f(width))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#cccccc\"/>")
            for value in [topValue, bottomValue] {
                lines.append("<text class=\"tick\" x=\"\(f(left - 6))\" y=\"\(f(y(Double(value)) + 4))\" text-anchor=\"end\" font-size=\"10\">\(FixedDecimal.format(value, scale: 3))</text>")
            }
            lines.append("<text class=\"tick\" x=\"\(f(left))\" y=\"\(f(plotTop + plotHeight + 14))\" font-size=\"10\">1</text>")
            lines.append("<text class=\"tick\" x=\"\(f(left + width))\" y=\"\(f(plotTop + plotHeight + 14))\" text-anchor=\"end\" font-size=\"10\">press \(count)</text>")
            for (index, figure) in panel.figures.enumerated() where !figure.values.isEmpty {
                let values = figure.values
                let points = ForcePlotSVG.columnEnvelope(
                    count: values.count, time: { Int64(values[$0].press) }, value: { Int32(clamping: values[$0].value) },
                    x: x, y: y)
                lines.append("<polyline class=\"drift\" data-figure=\"\(figure.name)\" fill=\"none\" stroke=\"\(figure.colour)\" stroke-width=\"0.8\" points=\"\(points)\"/>")
                lines.append("<text class=\"drift-legend\" x=\"\(f(left + width - 4))\" y=\"\(f(plotTop + 12 + Double(index) * 12))\" text-anchor=\"end\" fill=\"\(figure.colour)\" font-size=\"10\">\(ForcePlotSVG.escaped(figure.label))</text>")
                for bin in bins {
                    guard let mean = figure.binMean(bin) else { continue }
                    lines.append("<circle class=\"drift-bin\" data-figure=\"\(figure.name)\" data-presses=\"\(bin.first)-\(bin.last)\" cx=\"\(f(x(Int64(bin.first + bin.last) / 2)))\" cy=\"\(f(y(Double(mean))))\" r=\"3\" fill=\"white\" stroke=\"\(figure.colour)\"/>")
                }
            }
        }
        return lines
    }
}
