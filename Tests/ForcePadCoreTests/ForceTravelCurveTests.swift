import ForcePadCore
import Testing

/// A stand press as a force–travel curve: readings placed by the travel samples, the snap's
/// peak and valley, the click ratio and the hysteresis between the strokes.
@Suite struct ForceTravelCurveTests {
    /// A press at 1 µm/ms down to 4 mm and back, with readings every 5 ms of `spring` on the way
    /// down and `spring` less 10 g (not below zero) on the way up.
    static func press(_ spring: SimulatedStandSettings) -> ForceTravelCurve? {
        let travel = stride(from: Int64(0), through: 8_000, by: 50).map { time -> StandSample in
            StandSample(timeMicros: time * 1_000, travel: time <= 4_000 ? time : 8_000 - time)
        }
        let forces = stride(from: Int64(0), through: 8_000, by: 5).map { time -> (timeMicros: Int64, force: Force) in
            let place = time <= 4_000 ? time : 8_000 - time
            let force = spring.force(atTravel: place)
            let lower = time > 4_000 ? Force(milligrams: max(0, force.milligrams - 10_000)) : force
            return (time * 1_000, lower)
        }
        return ForceTravelCurve(travel: travel, forces: forces, fromMicros: 0, toMicros: 8_000_000)
    }

    @Test func aDomeSnapsAndItsFiguresAreRead() throws {
        let dome = SimulatedStandSettings(acceleration: 1, contact: 2_000, stiffness: 200, snapAt: 800, snapWidth: 150, snapDrop: .grams(60))
        let curve = try #require(Self.press(dome))
        #expect(curve.depth == 4_000)
        let snap = try #require(curve.snap)
        #expect(snap.peak.force == .grams(160))
        #expect(snap.peak.travel == 2_800)
        #expect(snap.valley.force == .grams(130))
        #expect(snap.valley.travel == 2_950)
        #expect(curve.peakForce == .grams(160))
        #expect(curve.returnForce == .grams(130))
        #expect(curve.clickRatioPermille == 187)
        #expect(curve.hysteresis == .grams(10))
        #expect(curve.travel(atMicros: 1_234_000) == 1_234)
    }

    @Test func aPlainSpringHasNoSnap() throws {
        let spring = SimulatedStandSettings(acceleration: 1, contact: 1_000, stiffness: 100, snapAt: 0, snapWidth: 0, snapDrop: .zero)
        let curve = try #require(Self.press(spring))
        #expect(curve.snap == nil)
        #expect(curve.peakForce == .grams(300))
        #expect(curve.returnForce == nil)
        #expect(curve.clickRatioPermille == nil)
    }

    @Test func withoutTravelThereIsNoCurve() {
        #expect(ForceTravelCurve(travel: [], forces: [(0, .grams(1))], fromMicros: 0, toMicros: 10) == nil)
    }
}
