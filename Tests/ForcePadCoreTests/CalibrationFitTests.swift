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

    /// Issue #27, case 5: weights measured once have residual 0; the leave-one-out error of a
    /// knot (the straight line between its neighbours at its counts, minus its force) shows how
    /// far the table can be off between knots on a curved FSR.
    @Test func leaveOneOutErrorsShowTheErrorBetweenKnots() throws {
        let fit = try CalibrationFit(cell: 0, measurements: [
            CalibrationMeasurement(cell: 0, force: .grams(50), counts: 1024), CalibrationMeasurement(cell: 0, force: .grams(100), counts: 1638),
            CalibrationMeasurement(cell: 0, force: .grams(200), counts: 2340), CalibrationMeasurement(cell: 0, force: .grams(400), counts: 2978),
        ])
        #expect(fit.residuals.allSatisfy { $0.residual == .zero })
        // 50 g: 100 g · 1024/1638 = 62.515 g; 100 g: 50 g + 150 g · 614/1316 = 119.985 g;
        // 200 g: 100 g + 300 g · 702/1340 = 257.164 g; 400 g: no knot above.
        #expect(fit.leaveOneOutErrors.map(\.knot.force) == [.grams(50), .grams(100), .grams(200), .grams(400)])
        #expect(fit.leaveOneOutErrors.map(\.error) == [Force(milligrams: 12_515), Force(milligrams: 19_985), Force(milligrams: 57_164), nil])
    }

    /// A threshold between knots more than half of it apart, or above the heaviest knot, is
    /// where the table needs a weight.
    @Test func aThresholdBetweenKnotsFarApartIsFound() throws {
        let fit = try CalibrationFit(cell: 0, measurements: [
            CalibrationMeasurement(cell: 0, force: .grams(10), counts: 256), CalibrationMeasurement(cell: 0, force: .grams(100), counts: 1638),
            CalibrationMeasurement(cell: 0, force: .grams(150), counts: 2048), CalibrationMeasurement(cell: 0, force: .grams(200), counts: 2340),
            CalibrationMeasurement(cell: 0, force: .grams(400), counts: 2978),
        ])
        let point = { (grams: Int32, counts: Int32) in CalibrationPoint(counts: counts, force: .grams(grams)) }
        #expect(fit.sparseKnots(around: .grams(20))?.below == point(10, 256))
        #expect(fit.sparseKnots(around: .grams(20))?.above == point(100, 1638))
        #expect(fit.sparseKnots(around: .grams(150)) == nil)
        #expect(fit.sparseKnots(around: .grams(300))?.below == point(200, 2340))
        #expect(fit.sparseKnots(around: .grams(500))?.below == point(400, 2978))
        #expect(fit.sparseKnots(around: .grams(500)).map { $0.above == nil } == true)
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
