import ForcePadCore

/// The press corpus with known truth that detection settings are compared on, generated from
/// a seed: ramps through every threshold at 0.2 to 5 kg/s, holds just above (+4 %) and just
/// below (−3 %) peek and pop, brushes that peak 3 to 6 g under them, taps, drags across the
/// cells between peek and pop at half a pad width per second, two fingers apart, and slow
/// drifts across a threshold at 20 to 50 g/s; each under one of the front end's noise models
/// (``FrontEndNoise``), at a random place on the pad. Each press starts 50 ms after rest.
public enum DetectionCorpus {
    /// Ramp rates, g/s (each jittered by ±15 %).
    public static let rampRatesGramsPerSecond: [Int64] = [200, 500, 1_000, 2_000, 5_000]
    /// Rest before each press (µs).
    public static let restBeforeMicros: Int64 = 50_000

    /// `count` presses for `thresholds`, the kinds taking turns, from `seed`.
    public static func presses(count: Int, seed: UInt64, thresholds: Thresholds) -> [CorpusPress] {
        let kinds = CorpusPressKind.allCases
        return (0..<count).map { index in
            var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
            let kind = kinds[index % kinds.count]
            let round = index / kinds.count
            let noise = FrontEndNoise.all[round % FrontEndNoise.all.count]
            let stage = round % 2 == 0 ? thresholds.peek : thresholds.pop
            let fingers = Self.fingers(kind, stage: Int64(stage.milligrams), thresholds: thresholds, round: round, random: &random)
            return CorpusPress(kind: kind, fingers: fingers, noise: noise, seed: random.next())
        }
    }

    /// The fingers of a press of `kind` built around the threshold `stage` (mg).
    private static func fingers(
        _ kind: CorpusPressKind, stage: Int64, thresholds: Thresholds, round: Int, random: inout SplitMix64
    ) -> [CorpusFinger] {
        let start = restBeforeMicros
        let place = PadPosition(x: Int32(jitter(32_768, by: 0.7, &random)), y: PadPosition.one / 2)
        let pop = Int64(thresholds.pop.milligrams), peek = Int64(thresholds.peek.milligrams)
        switch kind {
        case .ramp:
            let rate = jitter(rampRatesGramsPerSecond[round % rampRatesGramsPerSecond.count], by: 0.15, &random)
            return [CorpusFinger(points: trapezoid(start: start, peak: pop * 13 / 10, rate: rate, holdMicros: 150_000), from: place)]
        case .holdAbove, .holdBelow:
            let level = kind == .holdAbove ? stage * 104 / 100 : stage * 97 / 100
            let rate = jitter(1_000, by: 0.3, &random)
            return [CorpusFinger(points: trapezoid(start: start, peak: level, rate: rate, holdMicros: 300_000), from: place)]
        case .brush:
            let peak = stage - 3_000 - Int64(random.next() % 3_001)
            let rate = jitter(2_000, by: 0.5, &random)
            return [CorpusFinger(points: trapezoid(start: start, peak: peak, rate: rate, holdMicros: 0), from: place)]
        case .tap:
            let rate = jitter(5_000, by: 0.15, &random)
            return [CorpusFinger(points: trapezoid(start: start, peak: stage * 125 / 100, rate: rate, holdMicros: 25_000), from: place)]
        case .drag:
            let level = peek + (pop - peek) / 4
            let rise = microsToRamp(level, rate: 1_000)
            let slideStart = start + rise + 50_000, slideEnd = slideStart + 1_400_000
            return [CorpusFinger(
                points: [(start, 0), (start + rise, level), (slideEnd + 50_000, level), (slideEnd + 50_000 + rise, 0)],
                from: PadPosition(x: PadPosition.one * 15 / 100, y: PadPosition.one / 2),
                to: PadPosition(x: PadPosition.one * 85 / 100, y: PadPosition.one / 2),
                slideStartMicros: slideStart, slideEndMicros: slideEnd)]
        case .twoFinger:
            let rate = jitter(1_000, by: 0.3, &random)
            let each = stage * 6 / 10
            return [PadPosition.one / 10, PadPosition.one * 9 / 10].map { x in
                CorpusFinger(points: trapezoid(start: start, peak: each, rate: rate, holdMicros: 200_000), from: PadPosition(x: x, y: PadPosition.one / 2))
            }
        case .drift:
            let low = stage * 9 / 10, high = stage * 11 / 10
            let drift = jitter(35, by: 0.4, &random)
            let rise = microsToRamp(low, rate: 1_000), across = microsToRamp(high - low, rate: drift)
            let top = start + rise + across
            return [CorpusFinger(
                points: [(start, 0), (start + rise, low), (top, high), (top + 100_000, high), (top + 100_000 + across, low),
                    (top + 100_000 + across + rise, 0)],
                from: place)]
        }
    }

    /// Up from 0 to `peak` (mg) at `rate` (g/s), held, and down at the same rate.
    private static func trapezoid(start: Int64, peak: Int64, rate: Int64, holdMicros: Int64) -> [(micros: Int64, milligrams: Int64)] {
        let ramp = microsToRamp(peak, rate: rate)
        var points: [(micros: Int64, milligrams: Int64)] = [(start, 0), (start + ramp, peak)]
        if holdMicros > 0 { points.append((start + ramp + holdMicros, peak)) }
        points.append((start + 2 * ramp + holdMicros, 0))
        return points
    }

    /// Time to change by `milligrams` at `rate` g/s (µs, at least 1 ms).
    private static func microsToRamp(_ milligrams: Int64, rate: Int64) -> Int64 {
        max(1_000, milligrams * 1_000 / max(rate, 1))
    }

    /// `value` moved by up to ±`fraction` of itself.
    private static func jitter(_ value: Int64, by fraction: Double, _ random: inout SplitMix64) -> Int64 {
        Int64((Double(value) * (1 + fraction * (FrontEndNoise.uniform(&random) * 2 - 1))).rounded())
    }
}
