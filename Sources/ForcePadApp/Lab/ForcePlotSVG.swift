import ForcePadCore
import ForcePadLabFiles
import Foundation

/// The force of a recording against time as an SVG drawing: the filtered total force (`polyline#force`), each threshold
/// as a dashed line (`line.threshold`) over its hysteresis band (`rect.hysteresis`, from threshold − band to the
/// threshold), every haptic pulse as a bar under the curve (`rect.haptic-pulse`, line on to line off, at least
/// ``minimumPulseWidth`` wide, in a row per pattern — peek, pop, others — so a short peek pulse is never hidden under
/// pop's), a dot where each stage fired (`circle.fired`) and each press's number (as in the report's `presses`) above
/// its start (`text.press-number`, `data-press`). Stages and patterns are named in `data-stage` / `data-pattern`
/// attributes, so scripts can find them. A heading names the recording, the board, when it was made and the verdict
/// (`text.heading`, `text.verdict`) with its reasons (`text.verdict-reason`), and the trial's summary figures
/// (`text.summary`: presses, how often each stage fired and at what force, stage→line); threshold labels sit in the
/// right margin, outside the trace, spread so they never overlap. A recording with a reference channel also draws the
/// reference sensor's readings (`polyline#reference`, dashed, in the legend): the true force beside the pad's estimate;
/// one with the accelerometer's samples draws them in a panel under the time axis (``AccelerationPanelSVG``). Both
/// traces are drawn as their lowest and highest value per pixel column; an endurance run marks evenly spaced presses
/// (their numbers, dots and pulses; ``PlottedPresses``), which the summary names.
struct ForcePlotSVG {
    let analysis: TrialAnalysis

    static let width = 1000.0
    static let height = 480.0
    static let left = 70.0
    static let right = 110.0
    static let top = 92.0
    /// Least vertical distance between two threshold labels (px).
    static let labelSpacing = 14.0
    static let bottom = 84.0
    /// Narrowest drawn pulse (px): a 2 ms pulse on a 20 s trace would be a tenth of a pixel.
    static let minimumPulseWidth = 2.0
    /// The pulse rows under the plot, top to bottom: patterns drawn in each, and its label.
    static let pulseRows: [(label: String, patterns: Set<String>?)] = [("peek", ["peek"]), ("pop", ["pop"]), ("other", nil)]

    var text: String {
        let series = analysis.replay.series
        let info = analysis.recording.info
        let start = series.timesMicros.first ?? 0
        let end = max(series.timesMicros.last ?? 1, start + 1)
        let highest = max(Double(series.totals.max() ?? 0), Double(analysis.thresholds.pop.milligrams) * 1.15)
        let top = Self.niceCeiling(highest / 1000)
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        func x(_ micros: Int64) -> Double { Self.left + Double(micros - start) / Double(end - start) * plotWidth }
        func y(_ milligrams: Double) -> Double { Self.top + plotHeight - milligrams / 1000 / top * plotHeight }

        let acceleration = analysis.recording.accelerations.map {
            AccelerationPanelSVG(samples: $0, start: start, end: end, top: Self.height, left: Self.left, width: plotWidth)
        }
        let height = Self.height + (acceleration == nil ? 0 : AccelerationPanelSVG.height)
        var svg = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.f(Self.width))\" height=\"\(Self.f(height))\" viewBox=\"0 0 \(Self.f(Self.width)) \(Self.f(height))\" font-family=\"sans-serif\" font-size=\"12\">",
            "<title>\(info.kind) \(info.name): force against time</title>",
            "<desc>ForcePad \(info.forcepadVersion), board \(info.board), \(series.count) frames; filtered total force with touch, peek and pop thresholds, their hysteresis bands and haptic pulses</desc>",
            "<rect x=\"0\" y=\"0\" width=\"\(Self.f(Self.width))\" height=\"\(Self.f(height))\" fill=\"white\"/>",
            "<text class=\"heading\" x=\"\(Self.f(Self.left))\" y=\"20\" font-size=\"15\" font-weight=\"bold\">\(Self.escaped("\(info.kind) \(info.name)"))</text>",
            "<text class=\"subheading\" x=\"\(Self.f(Self.left))\" y=\"37\">\(Self.escaped("board \(info.board) at \(info.sampleRateHertz) Hz, recorded \(info.started), ForcePad \(info.forcepadVersion)"))</text>",
            "<text class=\"verdict\" x=\"\(Self.f(Self.width - Self.right))\" y=\"20\" text-anchor=\"end\" font-size=\"15\" font-weight=\"bold\" fill=\"\(verdictColour)\">\(Self.escaped(analysis.verdict ?? "no limits set"))</text>",
            "<text class=\"verdict-reason\" x=\"\(Self.f(Self.width - Self.right))\" y=\"37\" text-anchor=\"end\" fill=\"\(verdictColour)\">\(Self.escaped(verdictReason))</text>",
            "<text class=\"summary\" x=\"\(Self.f(Self.left))\" y=\"54\">\(Self.escaped(summary))</text>",
        ]
        let levels: [(String, Force, Force, String)] = [
            ("touch", analysis.thresholds.touch, analysis.hysteresis.touch, "#888888"),
            ("peek", analysis.thresholds.peek, analysis.hysteresis.peek, "#1f77b4"),
            ("pop", analysis.thresholds.pop, analysis.hysteresis.pop, "#d62728"),
        ]
        for (stage, threshold, band, colour) in levels {
            let upper = y(Double(threshold.milligrams))
            let lower = y(Double(threshold.milligrams - band.milligrams))
            svg.append("<rect class=\"hysteresis\" data-stage=\"\(stage)\" x=\"\(Self.f(Self.left))\" y=\"\(Self.f(upper))\" width=\"\(Self.f(plotWidth))\" height=\"\(Self.f(lower - upper))\" fill=\"\(colour)\" fill-opacity=\"0.12\"/>")
        }
        let labelLevels = Self.spread(levels.map { y(Double($0.1.milligrams)) + 4 }, spacing: Self.labelSpacing)
        for ((stage, threshold, _, colour), labelY) in zip(levels, labelLevels) {
            let level = y(Double(threshold.milligrams))
            svg.append("<line class=\"threshold\" data-stage=\"\(stage)\" x1=\"\(Self.f(Self.left))\" y1=\"\(Self.f(level))\" x2=\"\(Self.f(Self.left + plotWidth))\" y2=\"\(Self.f(level))\" stroke=\"\(colour)\" stroke-dasharray=\"6 4\"/>")
            svg.append("<text class=\"threshold-label\" data-stage=\"\(stage)\" x=\"\(Self.f(Self.left + plotWidth + 6))\" y=\"\(Self.f(labelY))\" fill=\"\(colour)\">\(stage) \(threshold)</text>")
        }
        svg += axes(top: top, start: start, end: end, x: x, y: y)
        let pulseTop = Self.top + plotHeight + 22
        for (row, (label, patterns)) in Self.pulseRows.enumerated() {
            let rowTop = pulseTop + Double(row) * 9
            svg.append("<text class=\"pulse-row\" x=\"\(Self.f(Self.left - 6))\" y=\"\(Self.f(rowTop + 7))\" text-anchor=\"end\" font-size=\"9\">\(label)</text>")
            let named = Set(Self.pulseRows.compactMap(\.patterns).joined())
            for pulse in markedPulses where patterns.map({ $0.contains(pulse.pattern) }) ?? !named.contains(pulse.pattern) {
                let colour = pulse.pattern == "pop" ? "#d62728" : pulse.pattern == "peek" ? "#1f77b4" : "#2ca02c"
                let left = x(pulse.onMicros)
                svg.append("<rect class=\"haptic-pulse\" data-pattern=\"\(pulse.pattern)\" x=\"\(Self.f(left))\" y=\"\(Self.f(rowTop))\" width=\"\(Self.f(max(x(pulse.offMicros) - left, Self.minimumPulseWidth)))\" height=\"7\" fill=\"\(colour)\"/>")
            }
        }
        let references = analysis.replay.referenceSamples.filter { (start...end).contains($0.timeMicros) }
        if !references.isEmpty {
            let points = Self.columnEnvelope(
                count: references.count, time: { references[$0].timeMicros }, value: { references[$0].force.milligrams }, x: x, y: y)
            svg.append("<polyline id=\"reference\" class=\"reference\" fill=\"none\" stroke=\"#9467bd\" stroke-width=\"1\" stroke-dasharray=\"4 2\" points=\"\(points)\"><title>reference force (reference_g)</title></polyline>")
        }
        let points = Self.columnEnvelope(count: series.count, time: { series.timesMicros[$0] }, value: { series.totals[$0] }, x: x, y: y)
        svg.append("<polyline id=\"force\" class=\"force\" fill=\"none\" stroke=\"black\" stroke-width=\"1.2\" points=\"\(points)\"/>")
        svg += legend(withReference: !references.isEmpty)
        for index in plotted.indices {
            let record = analysis.records[index]
            let peakY = y(Double(record.peakForce.milligrams))
            svg.append("<text class=\"press-number\" data-press=\"\(index + 1)\" x=\"\(Self.f(x(record.beganMicros)))\" y=\"\(Self.f(max(Self.top - 2, peakY - 8)))\" font-size=\"10\" fill=\"#555\">\(index + 1)</text>")
            for firing in [("peek", record.peek, "#1f77b4"), ("pop", record.pop, "#d62728")] {
                guard let fired = firing.1 else { continue }
                svg.append("<circle class=\"fired\" data-stage=\"\(firing.0)\" cx=\"\(Self.f(x(fired.timeMicros)))\" cy=\"\(Self.f(y(Double(fired.force.milligrams))))\" r=\"3.5\" fill=\"\(firing.2)\"/>")
            }
        }
        svg += acceleration?.lines ?? []
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The presses marked one by one (their number, where each stage fired, their pulses).
    var plotted: PlottedPresses { PlottedPresses(count: analysis.records.count) }

    /// The haptic pulses drawn: every one, or in an endurance run those of the marked presses.
    private var markedPulses: [(pattern: String, onMicros: Int64, offMicros: Int64)] {
        let plotted = plotted
        guard !plotted.isEvery else { return analysis.pulses }
        let spans = plotted.indices.map { analysis.records[$0] }.map { ($0.beganMicros, $0.endedMicros ?? $0.beganMicros) }
        return analysis.pulses.filter { pulse in
            let next = spans.firstIndex(notBefore: pulse.onMicros + 1) { $0.0 }
            return next > 0 && pulse.onMicros <= spans[next - 1].1
        }
    }

    /// `count` readings oldest first (time µs, value mg) as polyline points, at most a minimum
    /// and a maximum per pixel column: a trace of any length draws in a few thousand points.
    static func columnEnvelope(
        count: Int, time: (Int) -> Int64, value: (Int) -> Int32, x: (Int64) -> Double, y: (Double) -> Double
    ) -> String {
        var points: [String] = []
        var column = -1
        var low = (Int64(0), Int32.max)
        var high = (Int64(0), Int32.min)
        func emit() {
            guard column >= 0 else { return }
            let pair = low.0 <= high.0 ? [low, high] : [high, low]
            for (index, point) in pair.enumerated() where index == 0 || point != pair[0] {
                points.append("\(Self.f(x(point.0))),\(Self.f(y(Double(point.1))))")
            }
        }
        for index in 0..<count {
            let time = time(index), total = value(index)
            let pixel = Int(x(time))
            if pixel != column {
                emit()
                column = pixel
                low = (time, total)
                high = (time, total)
            }
            if total < low.1 { low = (time, total) }
            if total > high.1 { high = (time, total) }
        }
        emit()
        return points.joined(separator: " ")
    }

    private func axes(top: Double, start: Int64, end: Int64, x: (Int64) -> Double, y: (Double) -> Double) -> [String] {
        let bottom = y(0)
        var lines = [
            "<g class=\"axes\" stroke=\"#444444\">",
            "<line x1=\"\(Self.f(Self.left))\" y1=\"\(Self.f(bottom))\" x2=\"\(Self.f(Self.width - Self.right))\" y2=\"\(Self.f(bottom))\"/>",
            "<line x1=\"\(Self.f(Self.left))\" y1=\"\(Self.f(Self.top))\" x2=\"\(Self.f(Self.left))\" y2=\"\(Self.f(bottom))\"/>",
            "</g>",
        ]
        let gramStep = Self.niceCeiling(top / 5)
        var grams = 0.0
        while grams <= top + 1e-9 {
            let level = y(grams * 1000)
            lines.append("<text x=\"\(Self.f(Self.left - 6))\" y=\"\(Self.f(level + 4))\" text-anchor=\"end\">\(Self.f(grams))</text>")
            grams += gramStep
        }
        let seconds = Double(end - start) / 1_000_000
        let secondStep = Self.niceCeiling(seconds / 8)
        var second = 0.0
        while second <= seconds + 1e-9 {
            let position = x(start + Int64(second * 1_000_000))
            lines.append("<text x=\"\(Self.f(position))\" y=\"\(Self.f(bottom + 16))\" text-anchor=\"middle\">\(Self.f(second))</text>")
            second += secondStep
        }
        lines.append("<text x=\"\(Self.f(Self.left + (Self.width - Self.left - Self.right) / 2))\" y=\"\(Self.f(Self.height - 6))\" text-anchor=\"middle\">time since the recording started (s)</text>")
        lines.append("<text x=\"14\" y=\"\(Self.f(Self.top + (bottom - Self.top) / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(Self.f(Self.top + (bottom - Self.top) / 2)))\">total force (g)</text>")
        return lines
    }

    /// Label positions from wanted ones (px, top to bottom in any order): each moved down
    /// the least so that no two are closer than `spacing`, keeping their order.
    static func spread(_ wanted: [Double], spacing: Double) -> [Double] {
        let order = wanted.indices.sorted { wanted[$0] < wanted[$1] }
        var placed = wanted
        var previous = -Double.infinity
        for index in order {
            placed[index] = max(wanted[index], previous + spacing)
            previous = placed[index]
        }
        return placed
    }

    /// `text` with the characters XML gives meaning to escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The smallest 1, 2 or 5 × 10^n at or above `value` (value > 0).
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        var step = 1e-3
        while true {
            for factor in [1.0, 2.0, 5.0] where step * factor >= value { return step * factor }
            step *= 10
        }
    }

    /// A coordinate with at most two decimals.
    static func f(_ value: Double) -> String {
        FixedDecimal.format(Int64((value * 100).rounded()), scale: 2)
    }
}
