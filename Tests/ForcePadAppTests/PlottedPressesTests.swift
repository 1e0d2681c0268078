import Testing

@testable import ForcePadApp

/// Which presses a plot marks: all of a short trial, and of an endurance run evenly spaced
/// presses from the first to the last, never more than the cap.
@Suite struct PlottedPressesTests {
    @Test(arguments: [1, 100, 200, 201, 999, 10_000])
    func marksEvenlySpacedPressesUpToTheCap(count: Int) {
        let plotted = PlottedPresses(count: count)
        let indices = plotted.indices
        #expect(indices.count <= PlottedPresses.maxMarked)
        #expect(indices.first == 0 && indices.last == count - 1)
        #expect(indices == indices.sorted() && Set(indices).count == indices.count)
        if count <= PlottedPresses.maxMarked {
            #expect(indices.count == count && plotted.isEvery)
        } else {
            #expect(zip(indices, indices.dropFirst()).dropLast().allSatisfy { $1 - $0 == plotted.step })
            #expect(indices.count >= PlottedPresses.maxMarked / 2)
        }
    }

    @Test func sayWhichPressesAreMarked() {
        #expect(PlottedPresses(count: 12).description == "12 presses")
        #expect(PlottedPresses(count: 10_000).description == "198 of 10000 presses (one in 51, and the last)")
    }
}
