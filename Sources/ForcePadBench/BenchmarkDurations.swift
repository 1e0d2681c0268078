import Glibc

/// How long the timing benchmarks run: `FORCEPAD_BENCH_PERIODS` periods of the loop and of
/// cyclictest each on the idle machine (default 100 000, 100 s at 1 kHz, enough to read a
/// p99.9 from 100 samples above it), `FORCEPAD_BENCH_LOADED_PERIODS` per side under each
/// generated load (default 20 000: a p99.9 from 20 samples above it), and
/// `FORCEPAD_BENCH_SECONDS` seconds of the `forcepad` program (default 60). Smaller values
/// give quick, less certain checks.
struct BenchmarkDurations {
    static let standardPeriods = 100_000
    static let standardLoadedPeriods = 20_000
    static let standardProcessSeconds = 60

    let periods: Int
    let loadedPeriods: Int
    let processSeconds: Int

    /// Whether both are the defaults the targets are stated for.
    var isStandard: Bool {
        periods == Self.standardPeriods && loadedPeriods == Self.standardLoadedPeriods
            && processSeconds == Self.standardProcessSeconds
    }

    static func fromEnvironment() -> BenchmarkDurations {
        BenchmarkDurations(
            periods: positive("FORCEPAD_BENCH_PERIODS") ?? standardPeriods,
            loadedPeriods: positive("FORCEPAD_BENCH_LOADED_PERIODS") ?? standardLoadedPeriods,
            processSeconds: positive("FORCEPAD_BENCH_SECONDS") ?? standardProcessSeconds)
    }

    /// The variable's value when it is a positive whole number.
    private static func positive(_ name: String) -> Int? {
        guard let raw = getenv(name), let value = Int(String(cString: raw)), value > 0 else { return nil }
        return value
    }
}
