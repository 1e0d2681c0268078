import ForcePadCore
import Testing

@Suite struct EditDistanceTests {
    @Test func distances() {
        #expect(EditDistance.between("status", "stauts") == 2)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("peek", "peek") == 0)
    }

    @Test func suggestsOnlyCloseNames() {
        #expect(EditDistance.nearest(to: "stats", in: ["status", "sim", "threshold"]) == "status")
        #expect(EditDistance.nearest(to: "xyz", in: ["status", "sim"]) == nil)
    }
}

@Suite struct EditDistanceSwapTests {
    @Test func aSwappedPairInAShortWordIsStillSuggested() {
        #expect(EditDistance.nearest(to: "smi", in: ["sim", "rpi4-ads7830"]) == "sim")
        #expect(EditDistance.nearest(to: "ab", in: ["sim"]) == nil)
    }
}
