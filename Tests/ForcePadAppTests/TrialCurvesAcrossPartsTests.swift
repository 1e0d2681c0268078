import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles
import Testing

@testable import ForcePadApp

/// A trial in parts joins them end to end on one time axis, and the stand was elsewhere
/// between them (homed again): a press's force–travel curve is placed by its own part's travel
/// alone, never by interpolating toward the next part's first sample.
@Suite struct TrialCurvesAcrossPartsTests {
    @Test func aCurveNeverReachesIntoTheNextPart() throws {
        // Part 1 (0…1 s): the crosshead holds 3 mm, sampled every 20 ms up to 980 ms; the
        // press it was making when it was cut pushes 330 g at the end. Part 2 (from 1.001 s):
        // the stand at home, 0 mm.
        let samples = stride(from: Int64(0), through: 980_000, by: 20_000).map { ($0, 3.0) }
            + stride(from: Int64(1_001_000), through: 2_000_000, by: 20_000).map { ($0, 0.0) }
        let events = try samples.map { time, travel in
            try #require(RecordedEvent.parse("{\"t_us\":\(time),\"event\":\"stand.sample\",\"travel_mm\":\(travel)}"))
        }
        let readings = stride(from: Int64(0), through: 2_000_000, by: 3_000).map { time in
            ReferenceSample(timeMicros: time, force: time >= 900_000 && time <= 1_000_000 ? .grams(330) : .grams(100))
        }
        var press = PressRecord(beganMicros: 200_000, beganForce: .grams(20))
        press.endedMicros = 600_000
        press.ending = .released(.pop)
        let parts: [ClosedRange<Int64>] = [0...1_000_000, 1_001_000...2_000_000]
        let curve = try #require(TrialAnalysis.curves([press], events: events, references: readings, parts: parts).first ?? nil)
        let points = curve.down + curve.up
        #expect(!points.isEmpty)
        #expect(points.allSatisfy { $0.travel == 3_000 }, "\(points.filter { $0.travel != 3_000 }.prefix(3))")
        #expect(points.allSatisfy { $0.timeMicros <= 980_000 })
    }
}
