import Testing

@testable import ForcePadApp

/// Which presses an endurance run's force–travel plot draws: all of a short trial, and of a
/// long one evenly spaced presses from the first to the last, never more than the cap.
@Suite struct ForceTravelSVGTests {
    @Test(arguments: [1, 100, 200, 201, 999, 10_000])
    func drawsEvenlySpacedPressesUpToTheCap(count: Int) {
        let (indices, step) = ForceTravelSVG.drawn(count: count)
        #expect(indices.count <= ForceTravelSVG.curvesDrawnMax)
        #expect(indices.first == 0 && indices.last == count - 1)
        #expect(indices == indices.sorted() && Set(indices).count == indices.count)
        if count <= ForceTravelSVG.curvesDrawnMax {
            #expect(indices.count == count && step == 1)
        } else {
            #expect(zip(indices, indices.dropFirst()).dropLast().allSatisfy { $1 - $0 == step })
            #expect(indices.count >= ForceTravelSVG.curvesDrawnMax / 2)
        }
    }
}
