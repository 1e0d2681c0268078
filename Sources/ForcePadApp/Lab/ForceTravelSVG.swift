import ForcePadCore

/// A stand trial's force–travel curves as an SVG drawing, every press overlaid: travel from
/// home (mm) across, the reference force (g) up; each press's down stroke (`polyline.down`,
/// `data-press`) and up stroke (`polyline.up`, fainter), coloured by cycle from blue (the
/// first press) to red (the last) so a drift over the run shows (`text.cycle-legend`), the
/// peek and pop thresholds (`line.threshold`, `data-stage`), and a dot at each snap's peak
/// (`circle.snap-peak`) and valley (`circle.snap-valley`). Written beside the report's
/// force–time plot. An endurance run's presses are drawn evenly spaced through the run
/// (``PlottedPresses``), and the heading says which. Under the curves, the drift by cycle of
/// every judged press (``StandDriftPanelSVG``).
struct ForceTravelSVG {
    let analysis: TrialAnalysis

    static let width = 760.0
    static let height = 520.0
    static let left = 70.0
    static let right = 30.0
    static let top = 60.0
    static let bottom = 60.0

    var text: String {
        let plotted = PlottedPresses(count: analysis.curves.count)
        let drawn = plotted.indices.map { (index: $0, curve: analysis.curves[$0]) }
        let curves = drawn.compactMap(\.curve)
        let points = curves.flatMap { $0.down + $0.up }
        let lowest = points.map(\.travel).min() ?? 0
        let deepest = max(points.map(\.travel).max() ?? 1, lowest + 1)
        let strongest = max(Double(points.map(\.force.milligrams).max() ?? 0), Double(analysis.thresholds.pop.milligrams) * 1.1)
        let forceTop = ForcePlotSVG.niceCeiling(strongest / 1000)
        let travelLeft = Double(lowest) / 1000
        let travelSpan = ForcePlotSVG.niceCeiling(Double(deepest - lowest) / 1000)
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        func x(_ travel: Int64) -> Double { Self.left + (Double(travel) / 1000 - travelLeft) / travelSpan * plotWidth }
        func y(_ force: Force) -> Double { Self.top + plotHeight - Double(force.milligrams) / 1000 / forceTop * plotHeight }
        let f = ForcePlotSVG.f
        let info = analysis.recording.info
        let drift = StandDriftPanelSVG(analysis: analysis, top: Self.height, left: Self.left, width: plotWidth)
        let height = Self.height + drift.height
        var svg = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(Self.width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(Self.width)) \(f(height))\" font-family=\"sans-serif\" font-size=\"12\">",
            "<title>\(info.kind) \(info.name): force against travel</title>",
            "<rect x=\"0\" y=\"0\" width=\"\(f(Self.width))\" height=\"\(f(height))\" fill=\"white\"/>",
            "<text class=\"heading\" x=\"\(f(Self.left))\" y=\"22\" font-size=\"15\" font-weight=\"bold\">\(ForcePlotSVG.escaped("\(info.kind) \(info.name): force against travel, \(CountText.of(plotted.isEvery ? curves.count : plotted.count, "press"))"))</text>",
            "<text class=\"subheading\" x=\"\(f(Self.left))\" y=\"40\">force (g) against the stand's travel from home (mm); down strokes dark, up strokes faint</text>",
            "<line class=\"axis\" x1=\"\(f(Self.left))\" y1=\"\(f(Self.top + plotHeight))\" x2=\"\(f(Self.left + plotWidth))\" y2=\"\(f(Self.top + plotHeight))\" stroke=\"black\"/>",
            "<line class=\"axis\" x1=\"\(f(Self.left))\" y1=\"\(f(Self.top))\" x2=\"\(f(Self.left))\" y2=\"\(f(Self.top + plotHeight))\" stroke=\"black\"/>",
        ]
        for step in 0...5 {
            let travel = travelLeft + travelSpan * Double(step) / 5
            let px = Self.left + plotWidth * Double(step) / 5
            svg.append("<text class=\"tick\" x=\"\(f(px))\" y=\"\(f(Self.top + plotHeight + 16))\" text-anchor=\"middle\">\(FixedDecimal.format(Int64((travel * 1000).rounded()), scale: 3))</text>")
            let force = forceTop * Double(step) / 5
            let py = Self.top + plotHeight - plotHeight * Double(step) / 5
            svg.append("<text class=\"tick\" x=\"\(f(Self.left - 6))\" y=\"\(f(py + 4))\" text-anchor=\"end\">\(FixedDecimal.format(Int64((force * 1000).rounded()), scale: 3))</text>")
        }
        svg.append("<text class=\"axis-label\" x=\"\(f(Self.left + plotWidth / 2))\" y=\"\(f(Self.height - 20))\" text-anchor=\"middle\">travel (mm)</text>")
        svg.append("<text class=\"axis-label\" x=\"16\" y=\"\(f(Self.top + plotHeight / 2))\" transform=\"rotate(-90 16 \(f(Self.top + plotHeight / 2)))\" text-anchor=\"middle\">force (g)</text>")
        for (stage, threshold, colour) in [("peek", analysis.thresholds.peek, "#1f77b4"), ("pop", analysis.thresholds.pop, "#d62728")] {
            svg.append("<line class=\"threshold\" data-stage=\"\(stage)\" x1=\"\(f(Self.left))\" y1=\"\(f(y(threshold)))\" x2=\"\(f(Self.left + plotWidth))\" y2=\"\(f(y(threshold)))\" stroke=\"\(colour)\" stroke-dasharray=\"6 4\"/>")
        }
        let last = max(analysis.curves.count - 1, 1)
        if !plotted.isEvery {
            svg.append("<text class=\"drawn\" x=\"\(f(Self.left))\" y=\"55\">\(ForcePlotSVG.escaped("drawn: \(plotted.description)"))</text>")
        }
        svg.append("<text class=\"cycle-legend\" x=\"\(f(Self.left + plotWidth))\" y=\"55\" text-anchor=\"end\"><tspan fill=\"\(Self.colour(cycle: 0, of: last))\">first press</tspan> → <tspan fill=\"\(Self.colour(cycle: last, of: last))\">last press</tspan></text>")
        for (index, curve) in drawn {
            guard let curve else { continue }
            let colour = Self.colour(cycle: index, of: last)
            for (stroke, stroked, opacity) in [("down", curve.down, "0.6"), ("up", curve.up, "0.25")] where !stroked.isEmpty {
                let line = stroked.map { "\(f(x($0.travel))),\(f(y($0.force)))" }.joined(separator: " ")
                svg.append("<polyline class=\"\(stroke)\" data-press=\"\(index + 1)\" fill=\"none\" stroke=\"\(colour)\" stroke-opacity=\"\(opacity)\" stroke-width=\"0.8\" points=\"\(line)\"/>")
            }
            if let snap = curve.snap {
                svg.append("<circle class=\"snap-peak\" data-press=\"\(index + 1)\" cx=\"\(f(x(snap.peak.travel)))\" cy=\"\(f(y(snap.peak.force)))\" r=\"2\" fill=\"#d62728\"/>")
                svg.append("<circle class=\"snap-valley\" data-press=\"\(index + 1)\" cx=\"\(f(x(snap.valley.travel)))\" cy=\"\(f(y(snap.valley.force)))\" r=\"2\" fill=\"#1f77b4\"/>")
            }
        }
        svg += drift.lines
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// Cycle `index` of `last` as a colour from blue (the first) to red (the last).
    static func colour(cycle index: Int, of last: Int) -> String {
        let share = Double(index) / Double(max(last, 1))
        func hex(_ value: Double) -> String {
            let byte = Int((value * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        return "#" + hex(0.12 + 0.72 * share) + hex(0.35 - 0.2 * share) + hex(0.75 - 0.6 * share)
    }

    /// Where it goes beside a report revision's force–time plot `svg`: `NAME.force-travel.svg`.
    static func path(besides svg: String) -> String {
        String(svg.dropLast(".svg".count)) + ".force-travel.svg"
    }
}
