import ForcePadCore

/// Reads `[hysteresis]`: the release band below each threshold and the dwell time. Each band
/// must be narrower than the gap to the stage below, for every set of thresholds the
/// controller may run with, or that stage could never be left.
enum HysteresisSection {
    static func read(
        _ table: TableReader?, candidates: [ThresholdSection.Levels], document: ConfigDocument
    ) throws(ConfigError) -> Hysteresis {
        let standard = Hysteresis.standard
        let bandRange = Force.zero...Force.grams(1000)
        let touch = try table?.force("touch", range: bandRange)
        let peek = try table?.force("peek", range: bandRange)
        let pop = try table?.force("pop", range: bandRange)
        let dwell = try table?.durationMicros("dwell", range: 0...1_000_000)
        try table?.finish()

        func band(_ name: String, _ value: Force?, _ standard: Force) -> NamedForce {
            NamedForce(
                force: value ?? standard, label: "hysteresis.\(name)", shortName: name,
                path: ConfigKeyPath("hysteresis", .key(name)), isWritten: value != nil)
        }
        let bands = (
            touch: band("touch", touch, standard.touch), peek: band("peek", peek, standard.peek),
            pop: band("pop", pop, standard.pop))
        for levels in candidates {
            try requireNarrower(bands.touch, than: nil, levels.touch, document: document)
            try requireNarrower(bands.peek, than: levels.touch, levels.peek, document: document)
            try requireNarrower(bands.pop, than: levels.peek, levels.pop, document: document)
        }
        return Hysteresis(
            touch: bands.touch.force, peek: bands.peek.force, pop: bands.pop.force,
            dwellMicros: dwell ?? standard.dwellMicros)
    }

    /// Fails unless `band` is narrower than the gap from `lower` (0g when nil) to `upper`,
    /// blaming the band when the file sets it, else the threshold that makes the gap small.
    private static func requireNarrower(
        _ band: NamedForce, than lower: NamedForce?, _ upper: NamedForce, document: ConfigDocument
    ) throws(ConfigError) {
        let gap = Force(milligrams: upper.force.milligrams - (lower?.force.milligrams ?? 0))
        guard band.force >= gap else { return }
        let gapText = lower.map { "the gap between \($0.label) and \(upper.label)" } ?? upper.label
        if band.isWritten || !(upper.isWritten || lower?.isWritten == true) {
            throw document.error(
                "\(band.force) must be below \(gapText) (\(gap)), or the \(band.shortName) stage could never be left; narrow the band or widen the gap",
                at: band.path)
        }
        let setBand = "set \(band.label) below \(gap)"
        guard let lower else {
            throw document.error(
                "\(upper.force) is not above \(band.label) (\(band.force)); raise \(upper.shortName) or \(setBand)", at: upper.path)
        }
        if upper.isWritten {
            throw document.error(
                "\(upper.force) leaves only \(gap) above \(lower.label) (\(lower.force)), not more than \(band.label) (\(band.force)); raise \(upper.shortName) or \(setBand)",
                at: upper.path)
        }
        throw document.error(
            "\(lower.force) leaves only \(gap) below \(upper.label) (\(upper.force)), not more than \(band.label) (\(band.force)); lower \(lower.shortName) or \(setBand)",
            at: lower.path)
    }
}
