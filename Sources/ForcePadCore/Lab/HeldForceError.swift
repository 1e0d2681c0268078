/// The pad's static error: pad − reference on a press held still, after the filter settled,
/// apart from the error at firing (dynamic: calibration plus the filter's lag on a moving
/// force). A lab tells the two apart with it: a static error is the calibration's (or creep),
/// the dynamic error beyond it is the filter's lag at that press speed.
///
/// A press is held still where the reference readings stay within ``steadiness(of:)`` of
/// each other for at least the filter's settling time plus ``measuredMicros``; the error is
/// the pad's mean total minus the reference's mean over that stretch once the settling time
/// has passed. Forces in mg, times in µs (loop clock).
public struct HeldForceError: Sendable, Equatable {
    /// How long the settled part of a hold must last to be measured (µs).
    public static let measuredMicros: Int64 = 100_000

    /// The pad's mean total over the settled hold.
    public let padMilligrams: Int64
    /// The reference's mean over the same stretch.
    public let referenceMilligrams: Int64
    /// Start and end of the settled stretch (µs).
    public let fromMicros: Int64
    public let toMicros: Int64

    /// pad − reference (mg).
    public var errorMilligrams: Int64 { padMilligrams - referenceMilligrams }

    /// How far readings of a steady force may spread: 2 g, or 1 % of the force when that is more.
    public static func steadiness(of milligrams: Int64) -> Int64 { max(2_000, abs(milligrams) / 100) }

    /// The longest steady stretch of reference readings (`referenceTimes`, increasing;
    /// `referenceForces`, mg) between `from` and `to`, measured against `series` once
    /// `settleMicros` of it have passed; nil when no stretch is long enough or no frame falls
    /// in its settled part.
    public init?(
        series: ForceSeries, referenceTimes: [Int64], referenceForces: [Int64], from: Int64, to: Int64, settleMicros: Int64
    ) {
        // The press's readings, found by binary search: only they are read.
        let first = referenceTimes.firstIndex(notBefore: from) { $0 }
        let last = first + referenceTimes[first...].prefix { $0 <= to }.count - 1
        guard first <= last else { return nil }
        // Two pointers over the readings, with the indices of the window's lowest and highest
        // readings kept in order (monotonic queues): linear in the readings.
        var best: (start: Int, end: Int)?
        var start = first
        var lows: [Int] = [], highs: [Int] = []
        var lowHead = 0, highHead = 0
        for end in first...last {
            while lows.count > lowHead, referenceForces[lows.last!] >= referenceForces[end] { lows.removeLast() }
            while highs.count > highHead, referenceForces[highs.last!] <= referenceForces[end] { highs.removeLast() }
            lows.append(end)
            highs.append(end)
            while referenceForces[highs[highHead]] - referenceForces[lows[lowHead]] > Self.steadiness(of: referenceForces[end]) {
                start += 1
                if lows[lowHead] < start { lowHead += 1 }
                if highs[highHead] < start { highHead += 1 }
            }
            if best.map({ referenceTimes[end] - referenceTimes[start] > referenceTimes[$0.end] - referenceTimes[$0.start] }) ?? true {
                best = (start, end)
            }
        }
        guard let (start, end) = best else { return nil }
        let settled = referenceTimes[start] + settleMicros
        guard referenceTimes[end] - settled >= Self.measuredMicros else { return nil }
        let frames = series.indices(from: settled, through: referenceTimes[end])
        let readings = (start...end).filter { referenceTimes[$0] >= settled }
        guard !frames.isEmpty, !readings.isEmpty else { return nil }
        padMilligrams = frames.reduce(Int64(0)) { $0 + Int64(series.totals[$1]) } / Int64(frames.count)
        referenceMilligrams = readings.reduce(Int64(0)) { $0 + referenceForces[$1] } / Int64(readings.count)
        fromMicros = settled
        toMicros = referenceTimes[end]
    }
}
