import Glibc

/// Instructions per frame of ForcePad's default chain (the one-euro) as a pad grows from 4
/// to 256 cells (``BenchmarkGeometry/scaling``: strips, then square grids), counted like the
/// shipped layouts (``InstructionCount``, the development build under callgrind). Each family
/// is fitted with a straight line by least squares (instructions = fixed + per cell × cells);
/// the cost is linear when no layout's count departs from its line by more than
/// ``linearityTarget`` of the count.
struct CellScalingComparison {
    /// Largest departure of a layout's count from its family's line, as a fraction of the count.
    static let linearityTarget = 0.05
    static let chain = BenchmarkChainSettings.oneEuro

    private(set) var rows: [BenchmarkRow] = []
    private(set) var notes: [String] = []

    init() {
        mkdir(ReferenceChainBuild.directory, 0o755)
        guard let compared = ComparedBuild.development() else {
            rows.append(BenchmarkRow("instructions per frame by cells", value: "not counted", target: "counted", verdict: .fail))
            notes.append("instructions per frame by cells: objcopy --strip-debug failed; install binutils")
            return
        }
        for family in BenchmarkGeometry.scaling {
            var points: [(cells: Double, perFrame: Double)] = []
            for geometry in family {
                guard let perFrame = count(geometry, compared) else { break }
                points.append((Double(geometry.pad.cellCount), perFrame))
            }
            guard points.count == family.count, let line = StraightLine(fitting: points) else { continue }
            let kind = if case .strip = family[0].pad { "strips" } else { "square grids" }
            let span = "\(family[0].pad.cellCount)–\(family[family.count - 1].pad.cellCount) cells"
            rows.append(BenchmarkRow(
                "instructions per cell, ForcePad \(Self.chain.name), \(kind) of \(span) (least squares)",
                value: DecimalText.format(line.slope, places: 1)))
            rows.append(BenchmarkRow(
                "instructions per frame besides the cells, ForcePad \(Self.chain.name), \(kind) (least squares)",
                value: DecimalText.format(line.intercept, places: 1)))
            let departures = points.map { abs($0.perFrame - line.value(at: $0.cells)) / $0.perFrame }
            let worst = departures.indices.max { departures[$0] < departures[$1] }!
            rows.append(BenchmarkRow(
                "largest departure from the line, \(kind), instructions (at \(family[worst].summary))",
                value: "\(DecimalText.format(100 * departures[worst], places: 1)) %",
                target: "<= \(DecimalText.format(100 * Self.linearityTarget, places: 0)) %",
                meets: departures[worst] <= Self.linearityTarget))
        }
    }

    /// Adds a row with ForcePad's instructions per frame on `geometry`; nil (and a failed row)
    /// when its frames could not be written or it could not be counted.
    private mutating func count(_ geometry: BenchmarkGeometry, _ compared: ComparedBuild) -> Double? {
        let measure = "instructions per frame, ForcePad \(Self.chain.name), \(geometry.summary)"
        let framesPath = "\(ReferenceChainBuild.directory)/frames-\(geometry.name).i64"
        do {
            try ScratchFile.write(ReferenceChainInput.frames(BenchmarkFrames.make(geometry: geometry.pad)), to: framesPath)
        } catch {
            rows.append(BenchmarkRow(measure, value: "no frames", target: "counted", verdict: .fail))
            notes.append("\(measure): \(error.description)")
            return nil
        }
        let counted = InstructionCount.row(
            measure, compared.forcePad.command + [ChainRun.command, Self.chain.name, geometry.name, framesPath],
            environment: compared.forcePad.environment, scratchPath: ReferenceChainBuild.directory + "/callgrind-cells.out",
            counter: compared.counter)
        rows.append(counted.row)
        if let note = counted.note { notes.append(note) }
        return counted.perFrame
    }
}
