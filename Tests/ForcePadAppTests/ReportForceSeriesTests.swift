import ForcePadCore
import Testing

@testable import ForcePadApp

/// The report's force series: every frame of a trial up to six minutes at 1 kHz; an endurance
/// run's as a bounded envelope that keeps every peak and every dip.
@Suite struct ReportForceSeriesTests {
    static func series(frames: Int, spikeAt: Int) -> ForceSeries {
        var series = ForceSeries()
        for index in 0..<frames {
            let total: Force = index == spikeAt ? .grams(900) : index == spikeAt + 1 ? .grams(-5) : .grams(100)
            series.append(timeMicros: 1_000 + Int64(index) * 1_000, total: total)
        }
        return series
    }

    @Test func aShortTrialGivesEveryFrame() throws {
        guard case .object(let fields) = ReportForceSeries(series: Self.series(frames: 1_000, spikeAt: 10)).json else {
            Issue.record("not an object")
            return
        }
        #expect(fields.map(\.0) == ["t_us", "total_g"])
        guard case .array(let totals) = try #require(fields.last?.1) else { return }
        #expect(totals.count == 1_000)
    }

    @Test func anEnduranceRunGivesABoundedEnvelopeKeepingEveryPeak() throws {
        let frames = ReportForceSeries.everyFrameMax * 4 + 7
        guard case .object(let fields) = ReportForceSeries(series: Self.series(frames: frames, spikeAt: 1_000_001)).json else {
            Issue.record("not an object")
            return
        }
        #expect(fields.map(\.0) == ["frames_per_point", "t_us", "min_g", "max_g"])
        let span = ReportForceSeries.framesPerPoint(frames: frames)
        #expect(fields[0].1 == .int(Int64(span)))
        guard case .array(let times) = fields[1].1, case .array(let lows) = fields[2].1, case .array(let highs) = fields[3].1 else { return }
        #expect(times.count <= ReportForceSeries.envelopePointsMax && times.count == (frames + span - 1) / span)
        #expect(lows.count == times.count && highs.count == times.count)
        #expect(times.first == .int(1_000) && times[1] == .int(1_000 + Int64(span) * 1_000))
        #expect(highs.filter { $0 == .decimal(900_000, places: 3) }.count == 1)
        #expect(lows.filter { $0 == .decimal(-5_000, places: 3) }.count == 1)
    }
}
