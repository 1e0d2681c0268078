import ForcePadCore

/// Reads `[calibration]`: the board's default counts→force curve as `[counts, grams]` points.
enum CalibrationSection {
    static func read(_ table: TableReader?, adcs: [ADCDescription], board: TableReader) throws(ConfigError) -> CalibrationTable {
        let example = "points = [[0, 0], [150, 10], [255, 500]]"
        guard let table else {
            throw board.error("calibration", "missing; give [calibration] with \(example) ([counts, grams] measured on this build)")
        }
        let expected = "a list of [counts, grams] pairs such as [[0, 0], [150, 10]]"
        guard let array = try table.array("points", expected: expected) else {
            throw table.error("points", "missing; give \(expected)")
        }
        try table.finish()
        let narrowest = adcs.min { $0.model.fullScaleCounts < $1.model.fullScaleCounts }?.model ?? .sim
        let fullScale = narrowest.fullScaleCounts
        let pointsPath = table.path.key("points")
        var points: [CalibrationPoint] = []
        for index in 0..<array.count {
            let pointPath = pointsPath.index(index)
            func failure(_ message: String) -> ConfigError {
                table.error("points", "point \(index + 1): \(message)", lineOf: pointPath)
            }
            guard let pair = array[index].array else {
                throw failure(TableReader.mismatch(expected: "a pair [counts, grams] such as [150, 10]", found: array[index]))
            }
            guard pair.count == 2 else { throw failure("has \(CountText.of(pair.count, "value")); write each point as [counts, grams]") }
            guard let counts = pair[0].integer else {
                throw failure(TableReader.mismatch(expected: "whole ADC counts first", found: pair[0]))
            }
            guard (0...Int(fullScale)).contains(counts) else {
                throw failure("counts \(counts) is out of range; the \(narrowest.partName) reads 0…\(fullScale)")
            }
            let force: Force
            switch TableReader.force(from: pair[1]) {
            case .success(let value): force = value
            case .failure(let problem): throw failure(problem.message)
            }
            guard force >= .zero else { throw failure("\(force) is negative; forces start at 0g") }
            points.append(CalibrationPoint(counts: Int32(counts), force: force))
        }
        do {
            return try CalibrationTable(validating: points)
        } catch {
            switch error {
            case .tooFewPoints:
                throw table.error("points", "\(error); give at least [[0, 0], [\(fullScale), 500]]")
            case .countsNotIncreasing(let index), .forceNotIncreasing(let index):
                throw table.error("points", "\(error)", lineOf: pointsPath.index(index))
            }
        }
    }
}
