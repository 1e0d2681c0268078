import ForcePadCore

/// What the C reference chain (bench/reference-chain.c) is fed: the pipeline settings and
/// calibration as its PARAMETERS file, the benchmark frames as its FRAMES file, and ForcePad's
/// outputs in the layout of its OUTPUT file, for the frame-by-frame comparison.
enum ReferenceChainInput {
    /// The PARAMETERS file's values for `settings` on a pad of `rows` rows (1: a strip; cells
    /// numbered row by row) calibrated by `calibrations`.
    static func parameters(settings: PipelineSettings, calibrations: [CalibrationTable], rows: Int) -> [Int64] {
        let filter = settings.filter
        let kind: Int64 = switch filter.kind {
        case .none: 0
        case .onePole: 1
        case .biquad: 2
        case .oneEuro: 3
        }
        var values: [Int64] = [
            Int64(calibrations.count), settings.spikeRejection ? 1 : 0, Int64(settings.contactThreshold.milligrams),
            Int64(settings.averageTouch.milligrams), Int64(settings.baselineShift), kind, filter.alphaQ16,
            filter.b0, filter.b1, filter.b2, filter.a1, filter.a2, filter.restOmegaQ16, filter.maxOmegaQ16, filter.betaQ32,
            filter.speedAlphaQ16, Int64(rows),
        ]
        for table in calibrations {
            values.append(Int64(table.points.count))
            for point in table.points { values += [Int64(point.counts), Int64(point.force.milligrams)] }
        }
        return values
    }

    /// The FRAMES file's values for `frames`.
    static func frames(_ frames: [RawFrame]) -> [Int64] {
        var values: [Int64] = [Int64(frames.count)]
        for frame in frames {
            values += [frame.timeMicros, Int64(bitPattern: frame.sequence), frame.isStale ? 1 : 0]
            for cell in 0..<frame.cellCount { values.append(Int64(frame.counts[cell])) }
        }
        return values
    }

    /// The frames of a FRAMES file (each with as many cells as the file holds per frame).
    static func frames(reading path: String) throws(ScratchFile.Failure) -> [RawFrame] {
        let values = try ScratchFile.int64s(path)
        guard let count = values.first, count > 0, (values.count - 1) % Int(count) == 0,
            case let cellCount = (values.count - 1) / Int(count) - 3, (1...BoardDescription.maxCells).contains(cellCount)
        else { throw ScratchFile.Failure(description: "\(path): not a FRAMES file (its size does not match its frame count)") }
        var frames: [RawFrame] = []
        var next = 1
        for _ in 0..<count {
            var frame = RawFrame(cellCount: cellCount)
            frame.timeMicros = values[next]
            frame.sequence = UInt64(bitPattern: values[next + 1])
            frame.isStale = values[next + 2] != 0
            for cell in 0..<cellCount { frame.counts[cell] = Int32(truncatingIfNeeded: values[next + 3 + cell]) }
            frames.append(frame)
            next += 3 + cellCount
        }
        return frames
    }

    /// One frame's values in the OUTPUT file's layout.
    static func output(_ frame: ForceFrame) -> [Int64] {
        var values: [Int64] = []
        for cell in 0..<frame.cellCount { values.append(Int64(frame.cellMilligrams[cell])) }
        values += [
            Int64(frame.total.milligrams), Int64(frame.saturatedCells), Int64(frame.contacts), Int64(frame.centroid.x),
            Int64(frame.centroid.y), Int64(frame.normalisedQ16), frame.timeMicros, Int64(bitPattern: frame.sequence),
        ]
        return values
    }

    /// Names of the OUTPUT values of one frame, for saying where two chains differ.
    static func outputNames(cellCount: Int) -> [String] {
        (0..<cellCount).map { "cell \($0) mg" } + ["total", "saturated cells", "contacts", "centroid x", "centroid y", "normalised", "time", "sequence"]
    }
}
