import ForcePadCore

/// One finger of a corpus press: its true force as a piecewise-linear curve through
/// breakpoints, and where it is on the pad, sliding linearly from one place to another.
public struct CorpusFinger: Sendable, Equatable {
    /// Breakpoint times from the press's start (µs, increasing); the force is held at the
    /// first point's before it and at the last point's after it.
    public let timesMicros: [Int64]
    /// The true force at each breakpoint (mg, Q0).
    public let milligrams: [Int64]
    /// Where the finger is until the slide starts, and after it ends (Q16 fractions of the pad).
    public let from: PadPosition
    public let to: PadPosition
    /// When the slide from `from` to `to` starts and ends (µs from the press's start).
    public let slideStartMicros: Int64
    public let slideEndMicros: Int64

    /// A finger through `points` (µs, mg), resting at `from` or sliding to `to` between
    /// `slideStartMicros` and `slideEndMicros`.
    public init(
        points: [(micros: Int64, milligrams: Int64)], from: PadPosition, to: PadPosition? = nil,
        slideStartMicros: Int64 = 0, slideEndMicros: Int64 = 0
    ) {
        precondition(!points.isEmpty && zip(points, points.dropFirst()).allSatisfy { $0.micros < $1.micros }, "breakpoints in time order")
        timesMicros = points.map(\.micros)
        milligrams = points.map(\.milligrams)
        self.from = from
        self.to = to ?? from
        self.slideStartMicros = slideStartMicros
        self.slideEndMicros = max(slideEndMicros, slideStartMicros)
    }

    /// The true force at `time` (µs from the press's start), interpolated between breakpoints (mg).
    public func force(atMicros time: Int64) -> Int64 {
        guard time > timesMicros[0] else { return milligrams[0] }
        guard let upper = timesMicros.firstIndex(where: { $0 >= time }) else { return milligrams[milligrams.count - 1] }
        let (t0, t1) = (timesMicros[upper - 1], timesMicros[upper])
        let (f0, f1) = (milligrams[upper - 1], milligrams[upper])
        return f0 + (f1 - f0) * (time - t0) / (t1 - t0)
    }

    /// Where the finger is at `time` (µs from the press's start).
    public func position(atMicros time: Int64) -> PadPosition {
        guard slideEndMicros > slideStartMicros, time > slideStartMicros else { return from }
        guard time < slideEndMicros else { return to }
        let elapsed = time - slideStartMicros, span = slideEndMicros - slideStartMicros
        func between(_ a: Int32, _ b: Int32) -> Int32 { Int32(Int64(a) + (Int64(b) - Int64(a)) * elapsed / span) }
        return PadPosition(x: between(from.x, to.x), y: between(from.y, to.y))
    }

    /// When the force is last above zero (µs from the press's start).
    public var endMicros: Int64 { timesMicros[timesMicros.count - 1] }
}
