import ForcePadCore

/// The report's `force_series`: the filtered total force from the exact replay. Up to
/// ``everyFrameMax`` frames, every frame (`t_us`, `total_g`); a longer trial (an endurance run)
/// as an envelope of at most ``envelopePointsMax`` points, each the lowest and highest total of
/// `frames_per_point` consecutive frames (`t_us` of the first, `min_g`, `max_g`), so no peak is
/// lost and the sealed report stays a few megabytes (every frame of a 10,000-press run would be
/// about 100 MB). Every frame's force is in `record export`'s CSV. Forces in g, times in µs.
struct ReportForceSeries {
    let series: ForceSeries

    /// Most frames given one by one: six minutes at 1 kHz.
    static let everyFrameMax = 360_000
    /// Most points of an envelope.
    static let envelopePointsMax = 120_000

    /// Frames each envelope point spans: the fewest that keep the points within ``envelopePointsMax``.
    static func framesPerPoint(frames: Int) -> Int {
        (frames + envelopePointsMax - 1) / envelopePointsMax
    }

    var json: JSONValue {
        guard series.count > Self.everyFrameMax else {
            return .object([
                ("t_us", .array(series.timesMicros.map { .int($0) })),
                ("total_g", .array(series.totals.map { .decimal(Int64($0), places: 3) })),
            ])
        }
        let span = Self.framesPerPoint(frames: series.count)
        var times: [JSONValue] = [], lows: [JSONValue] = [], highs: [JSONValue] = []
        for start in stride(from: 0, to: series.count, by: span) {
            let totals = series.totals[start..<min(start + span, series.count)]
            times.append(.int(series.timesMicros[start]))
            lows.append(.decimal(Int64(totals.min() ?? 0), places: 3))
            highs.append(.decimal(Int64(totals.max() ?? 0), places: 3))
        }
        return .object([("frames_per_point", .int(Int64(span))), ("t_us", .array(times)), ("min_g", .array(lows)), ("max_g", .array(highs))])
    }
}
