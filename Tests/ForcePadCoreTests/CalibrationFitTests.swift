import ForcePadCore
import Testing

@Suite struct CalibrationFitTests {
    @Test func fitsOneKnotPerWeightThroughTheZero() throws {
        let fit = try CalibrationFit(cell: 1, measurements: [
            CalibrationMeasurement(cell: 1, force: .grams(200), counts: 2340),
            CalibrationMeasurement(cell: 1, force: .grams(100), counts: 1638),
            CalibrationMeasurement(cell: 0, force: .grams(100), counts: 9),
        ])
        #expect(fit.table.points == [
            CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 1638, force: .grams(100)),
            CalibrationPoint(counts: 2340, force: .grams(200)),
        ])
        #expect(fit.residuals.map(\.residual) == [.zero, .zero])
    }

    @Test func repeatedWeightsAverageAndShowTheirScatterAsResiduals() throws {
        let fit = try CalibrationFit(cell: 0, measurements: [
            CalibrationMeasurement(cell: 0, force: .grams(100), counts: 1000),
            CalibrationMeasurement(cell: 0, force: .grams(100), counts: 1010),
            CalibrationMeasurement(cell: 0, force: .grams(300), counts: 2005),
        ])
        // Knot at the rounded mean 1005 counts; 1000 counts is 5/1005 of the way down to 0 g.
        #expect(fit.table.points[1] == CalibrationPoint(counts: 1005, force: .grams(100)))
        let residuals = fit.residuals.map(\.residual.milligrams)
        #expect(residuals[0] == Int32((1000 * 100_000 + 502) / 1005) - 100_000)
        #expect(residuals[1] == (1_010 - 1_005) * 200_000 / 1_000)
        #expect(residuals[2] == 0)
    }

    @Test func refusesTooFewWeights() {
        #expect(throws: CalibrationFit.Problem.tooFewWeights(cell: 2, weights: 1)) {
            try CalibrationFit(cell: 2, measurements: [
                CalibrationMeasurement(cell: 2, force: .grams(100), counts: 1600),
                CalibrationMeasurement(cell: 2, force: .grams(100), counts: 1610),
            ])
        }
        #expect(throws: CalibrationFit.Problem.tooFewWeights(cell: 0, weights: 0)) {
            try CalibrationFit(cell: 0, measurements: [])
        }
    }

    @Test func refusesAHeavierWeightThatReadsLess() {
        let problem = CalibrationFit.Problem.notMonotonic(
            cell: 0, lighter: .grams(100), lighterCounts: 1600, heavier: .grams(200), heavierCounts: 1500)
        #expect(throws: problem) {
            try CalibrationFit(cell: 0, measurements: [
                CalibrationMeasurement(cell: 0, force: .grams(200), counts: 1500),
                CalibrationMeasurement(cell: 0, force: .grams(100), counts: 1600),
            ])
        }
        #expect(problem.description == "cell 0: 200g read 1500 counts, not more than 100g (1600 counts); re-seat the weight and measure again (calibrate drop last takes back the last one), or calibrate drop cell 0")
    }

    @Test func refusesAWeightThatReadsNothing() {
        #expect(throws: CalibrationFit.Problem.noReading(cell: 0, force: .grams(50))) {
            try CalibrationFit(cell: 0, measurements: [CalibrationMeasurement(cell: 0, force: .grams(50), counts: 0)])
        }
    }
}
