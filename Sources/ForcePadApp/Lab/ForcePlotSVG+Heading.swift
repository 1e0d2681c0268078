import ForcePadCore
import Foundation

/// The drawing's heading and legend: the verdict and its reasons, the trial's summary line,
/// and what the marks mean.
extension ForcePlotSVG {
    /// What the marks mean, above the plot; the reference trace's entry when it is drawn.
    func legend(withReference: Bool) -> [String] {
        let y = Self.top - 12
        let x = Self.left
        let reference = withReference ? [
            "<line class=\"legend-reference\" x1=\"\(Self.f(x))\" y1=\"\(Self.f(y - 20))\" x2=\"\(Self.f(x + 20))\" y2=\"\(Self.f(y - 20))\" stroke=\"#9467bd\" stroke-dasharray=\"4 2\"/>",
            "<text x=\"\(Self.f(x + 26))\" y=\"\(Self.f(y - 16))\">reference force (the reference sensor's readings)</text>",
        ] : []
        return reference + [
            "<g class=\"legend\">",
            "<line x1=\"\(Self.f(x))\" y1=\"\(Self.f(y - 4))\" x2=\"\(Self.f(x + 20))\" y2=\"\(Self.f(y - 4))\" stroke=\"black\" stroke-width=\"1.2\"/>",
            "<text x=\"\(Self.f(x + 26))\" y=\"\(Self.f(y))\">total force (filtered)</text>",
            "<circle cx=\"\(Self.f(x + 170))\" cy=\"\(Self.f(y - 4))\" r=\"3.5\" fill=\"#1f77b4\"/>",
            "<text x=\"\(Self.f(x + 178))\" y=\"\(Self.f(y))\">peek fired</text>",
            "<circle cx=\"\(Self.f(x + 260))\" cy=\"\(Self.f(y - 4))\" r=\"3.5\" fill=\"#d62728\"/>",
            "<text x=\"\(Self.f(x + 268))\" y=\"\(Self.f(y))\">pop fired</text>",
            "<rect x=\"\(Self.f(x + 345))\" y=\"\(Self.f(y - 9))\" width=\"16\" height=\"10\" fill=\"#888888\" fill-opacity=\"0.25\"/>",
            "<text x=\"\(Self.f(x + 367))\" y=\"\(Self.f(y))\">hysteresis band below each threshold</text>",
            "<rect x=\"\(Self.f(x + 605))\" y=\"\(Self.f(y - 9))\" width=\"6\" height=\"10\" fill=\"#1f77b4\"/>",
            "<text x=\"\(Self.f(x + 617))\" y=\"\(Self.f(y))\">haptic line on (peek, pop, other patterns)</text>",
            "</g>",
        ]
    }

    /// Why the verdict is what it is: the reasons a trial is INCOMPLETE, the limits met.
    var verdictReason: String {
        let line = analysis.verdictLine
        guard let colon = line.firstIndex(of: ":") else { return line }
        return String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    }

    /// The trial's figures in one line: presses, and per stage how often it fired, at what
    /// mean force, and its stage→line p99; in an endurance run, which presses are marked.
    var summary: String {
        let statistics = analysis.statistics
        var parts = ["\(statistics.presses) presses, \(statistics.cancelled) cancelled"]
        for stage in statistics.stages {
            var part = "\(stage.stage.rawValue) fired \(stage.fired) of \(statistics.presses)"
            if let force = stage.force { part += " at mean \(TrialReportText.grams(force.mean))" }
            if let p99 = stage.latencyP99Micros { part += ", stage→line p99 \(p99)us" }
            parts.append(part)
        }
        if !plotted.isEvery { parts.append("marked: \(plotted.description)") }
        return parts.joined(separator: "; ")
    }

    var verdictColour: String {
        switch analysis.verdict {
        case "PASS": "#2ca02c"
        case "FAIL": "#d62728"
        case "INCOMPLETE": "#ff7f0e"
        default: "#555555"
        }
    }
}
