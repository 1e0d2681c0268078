import ForcePadCore
import Testing

@Suite struct StageReferenceComparisonTests {
    @Test func padAgainstReferenceAtFiring() throws {
        let comparison = try #require(StageReferenceComparison(stage: .peek, firings: [
            (pad: 150_000, reference: 140_000), (pad: 152_000, reference: 160_000), (pad: 151_000, reference: nil),
            (pad: 149_000, reference: 143_000),
        ]))
        #expect(comparison.pad.count == 3)
        #expect(abs(comparison.reference.mean - 147_666.667) < 0.001)
        // Errors +10 g, −8 g, +6 g.
        #expect(abs(comparison.error.mean - 2_666.667) < 0.001)
        #expect(abs(comparison.error.standardDeviation - 9_451.631) < 0.001)
        #expect(comparison.maxAbsoluteError == 10_000)
        #expect(comparison.withoutReference == 1)
    }

    @Test func nothingWithoutAnyReferenceFigure() {
        #expect(StageReferenceComparison(stage: .pop, firings: [(pad: 300_000, reference: nil)]) == nil)
        #expect(StageReferenceComparison(stage: .pop, firings: []) == nil)
    }
}
