/// One press of a stand as a force–travel curve: the force readings (the reference sensor's)
/// placed at the crosshead's travel, interpolated in time between the stand's travel samples;
/// the down stroke is the run of readings whose travel never falls that ends at the deepest
/// point, the up stroke the run after it whose travel never rises (so the strokes of the
/// presses beside it are left out). Pure, integer: travel in
/// µm, force in mg, time in µs.
///
/// The figures switch and dome makers give (one definition each):
/// - **peak force** (F1): where the curve snaps, the force at the top of the snap (the highest
///   force before the force falls by at least ``snapDropMin``); without a snap, the highest
///   force of the down stroke.
/// - **return force** (F2): the lowest force after that peak, before it rises again by
///   ``snapDropMin``; only where the curve snaps.
/// - **click ratio**: (F1 − F2) / F1, where the curve snaps.
/// - **hysteresis**: the mean of down-stroke force − up-stroke force at the same travel, over
///   the up stroke's readings while the plunger presses (up-stroke force above zero).
public struct ForceTravelCurve: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var timeMicros: Int64
        /// µm from home.
        public var travel: Int64
        public var force: Force

        public init(timeMicros: Int64, travel: Int64, force: Force) {
            self.timeMicros = timeMicros
            self.travel = travel
            self.force = force
        }
    }

    public let down: [Point]
    public let up: [Point]
    private let travelSamples: [StandSample]

    /// The smallest fall of the force that counts as a snap: 5 % of the peak, at least 5 g.
    public static func snapDropMin(peak: Force) -> Force { Force(milligrams: max(5_000, peak.milligrams / 20)) }

    /// The curve of the readings `forces` between `fromMicros` and `toMicros`, placed by
    /// `travel` (both oldest first); nil when fewer than two travel samples or no reading fall in it.
    public init?(travel: [StandSample], forces: [(timeMicros: Int64, force: Force)], fromMicros: Int64, toMicros: Int64) {
        let firstSample = travel.firstIndex(notBefore: fromMicros - 1_000_000) { $0.timeMicros }
        let samples = Array(travel[firstSample...].prefix { $0.timeMicros <= toMicros + 1_000_000 })
        guard samples.count >= 2 else { return nil }
        travelSamples = samples
        var points: [Point] = []
        var cursor = 0
        let firstReading = forces.firstIndex(notBefore: fromMicros) { $0.timeMicros }
        for reading in forces[firstReading...].prefix(while: { $0.timeMicros <= toMicros }) {
            guard let place = Self.travel(atMicros: reading.timeMicros, in: samples, from: &cursor) else { continue }
            points.append(Point(timeMicros: reading.timeMicros, travel: place, force: reading.force))
        }
        guard let deepest = points.indices.max(by: { points[$0].travel < points[$1].travel }) else { return nil }
        var start = deepest
        while start > 0, points[start - 1].travel <= points[start].travel { start -= 1 }
        var end = deepest
        while end + 1 < points.count, points[end + 1].travel <= points[end].travel { end += 1 }
        down = Array(points[start...deepest])
        up = Array(points[(deepest + 1)..<(end + 1)])
    }

    /// The crosshead's travel at `timeMicros` (µm), interpolated; nil outside the samples.
    public func travel(atMicros timeMicros: Int64) -> Int64? {
        var cursor = 0
        return Self.travel(atMicros: timeMicros, in: travelSamples, from: &cursor)
    }

    /// The deepest travel of the press (µm).
    public var depth: Int64 { down.last?.travel ?? 0 }

    /// F1 and F2 where the down stroke snaps: the peak before the first fall of at least
    /// ``snapDropMin(peak:)``, and the valley after it; nil without a snap.
    public var snap: (peak: Point, valley: Point)? {
        var peak: Point?
        var valley: Point?
        for point in down {
            if valley == nil {
                if peak == nil || point.force > peak!.force { peak = point; continue }
                if peak!.force.milligrams - point.force.milligrams >= Self.snapDropMin(peak: peak!.force).milligrams { valley = point }
            } else if point.force < valley!.force {
                valley = point
            } else if point.force.milligrams - valley!.force.milligrams >= Self.snapDropMin(peak: peak!.force).milligrams {
                break
            }
        }
        guard let peak, let valley else { return nil }
        return (peak, valley)
    }

    /// F1: the snap's peak, or the highest force of the down stroke.
    public var peakForce: Force? { snap?.peak.force ?? down.map(\.force).max() }

    /// F2: the snap's valley; nil without a snap.
    public var returnForce: Force? { snap?.valley.force }

    /// (F1 − F2) / F1 in thousandths (Q0, 1000 = 100 %); nil without a snap.
    public var clickRatioPermille: Int64? {
        guard let (peak, valley) = snap, peak.force.milligrams > 0 else { return nil }
        return (Int64(peak.force.milligrams) - Int64(valley.force.milligrams)) * 1000 / Int64(peak.force.milligrams)
    }

    /// Mean down − up force at the same travel over the up stroke while pressed; nil when the
    /// strokes share no travel.
    public var hysteresis: Force? {
        let byTravel = down.sorted { $0.travel < $1.travel }
        var sum: Int64 = 0
        var count: Int64 = 0
        for point in up where point.force > .zero {
            guard let next = byTravel.firstIndex(where: { $0.travel >= point.travel }), next > 0 else { continue }
            let (a, b) = (byTravel[next - 1], byTravel[next])
            let span = b.travel - a.travel
            let downForce = span == 0 ? Int64(b.force.milligrams)
                : Int64(a.force.milligrams) + (Int64(b.force.milligrams) - Int64(a.force.milligrams)) * (point.travel - a.travel) / span
            sum += downForce - Int64(point.force.milligrams)
            count += 1
        }
        return count > 0 ? Force(milligrams: Int32(clamping: sum / count)) : nil
    }

    /// Linear interpolation of `samples` (oldest first) at `timeMicros`, walking on from `cursor`.
    private static func travel(atMicros timeMicros: Int64, in samples: [StandSample], from cursor: inout Int) -> Int64? {
        guard let first = samples.first, let last = samples.last, timeMicros >= first.timeMicros, timeMicros <= last.timeMicros else { return nil }
        while cursor + 1 < samples.count, samples[cursor + 1].timeMicros < timeMicros { cursor += 1 }
        let a = samples[cursor]
        let b = samples[min(cursor + 1, samples.count - 1)]
        let span = b.timeMicros - a.timeMicros
        guard span > 0 else { return a.travel }
        return a.travel + (b.travel - a.travel) * (timeMicros - a.timeMicros) / span
    }
}
