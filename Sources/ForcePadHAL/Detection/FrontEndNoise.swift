import Glibc

/// Electrical noise of an FSR front end as the converter sees it, added per cell and
/// sample (mg): white noise (Gaussian-like, the sum of three uniform draws), mains hum at
/// 50 Hz, and rare single-sample spikes of either sign. Corpus generation only (floating
/// point, at the edge), never the loop.
public struct FrontEndNoise: Sendable, Equatable {
    public let name: String
    /// Standard deviation of the white noise (mg).
    public let whiteMilligrams: Double
    /// Amplitude of the 50 Hz hum (mg).
    public let humMilligrams: Double
    /// Chance per cell and sample of a spike (0…1), and its size (mg).
    public let spikeProbability: Double
    public let spikeMilligrams: Double

    public init(name: String, whiteMilligrams: Double, humMilligrams: Double, spikeProbability: Double, spikeMilligrams: Double) {
        self.name = name
        self.whiteMilligrams = whiteMilligrams
        self.humMilligrams = humMilligrams
        self.spikeProbability = spikeProbability
        self.spikeMilligrams = spikeMilligrams
    }

    /// A shielded divider into a 12-bit converter: 0.3 g white noise.
    public static let quiet = FrontEndNoise(name: "quiet", whiteMilligrams: 300, humMilligrams: 0, spikeProbability: 0, spikeMilligrams: 0)
    /// Long unshielded leads: 1 g white noise and 1.5 g of 50 Hz hum.
    public static let mains = FrontEndNoise(name: "mains", whiteMilligrams: 1_000, humMilligrams: 1_500, spikeProbability: 0, spikeMilligrams: 0)
    /// A loose connector: 0.5 g white noise and one 80 g spike per 500 samples of a cell.
    public static let spiky = FrontEndNoise(name: "spiky", whiteMilligrams: 500, humMilligrams: 0, spikeProbability: 0.002, spikeMilligrams: 80_000)

    public static let all = [quiet, mains, spiky]

    /// The noise on one cell at `timeMicros` (mg), drawing from `random`.
    public func sample(atMicros timeMicros: Int64, phase: Double, random: inout SplitMix64) -> Int64 {
        var value = 0.0
        if whiteMilligrams > 0 {
            // Three uniform draws on ±1 sum to variance 1: scaled to the standard deviation.
            let sum = (0..<3).reduce(0.0) { total, _ in total + Self.uniform(&random) * 2 - 1 }
            value += sum * whiteMilligrams
        }
        if humMilligrams > 0 {
            value += humMilligrams * sin(2 * Double.pi * (50 * Double(timeMicros) / 1_000_000 + phase))
        }
        if spikeProbability > 0, Self.uniform(&random) < spikeProbability {
            value += Self.uniform(&random) < 0.5 ? -spikeMilligrams : spikeMilligrams
        }
        return Int64(value.rounded())
    }

    /// A uniform draw in [0, 1).
    static func uniform(_ random: inout SplitMix64) -> Double {
        Double(random.next() >> 11) / Double(1 << 53)
    }
}
