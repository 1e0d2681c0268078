import RealModule

/// Fixed-point coefficients of the per-cell low-pass filter, computed once from the
/// filter settings and sample rate (at the edge, in Double) and used in the loop as integers.
///
/// - one-pole: y += α·(x − y), α in Q16 (65536 = 1).
/// - biquad: second-order Butterworth (bilinear transform, pre-warped), direct form I,
///   b0 b1 b2 a1 a2 in Q28 (268435456 = 1), with the b's adjusted so the DC gain is exactly 1
///   in integer arithmetic (no steady-state error from coefficient rounding).
/// - one-euro: per frame, the speed s = x − ŷ (mg per frame) is smoothed by a one-pole of
///   α_s (``speedAlphaQ16``); the cut-off's ω = 2π·fc/fs is ``restOmegaQ16`` +
///   |ŝ|·``betaQ32`` (at most ``maxOmegaQ16``), and the force is smoothed by a one-pole of
///   α = ω/(1 + ω), the 1€ filter's α = 1/(1 + τ/Te).
public struct LowPassCoefficients: Sendable, Equatable, BitwiseCopyable {
    public var kind: FilterKind
    /// One-pole smoothing factor, Q16.
    public var alphaQ16: Int64
    /// Biquad coefficients, Q28 (a0 = 1 implied; y = b·x − a1·y1 − a2·y2).
    public var b0: Int64, b1: Int64, b2: Int64, a1: Int64, a2: Int64
    /// One-euro: ω = 2π·fc/fs at rest (Q16, ≥ 1).
    public var restOmegaQ16: Int64 = 1
    /// One-euro: the highest ω, at the board's ceiling of 0.45 × the sample rate (Q16).
    public var maxOmegaQ16: Int64 = 1
    /// One-euro: ω added per unit of smoothed speed (Q32 per Q16 mg per frame): 2π·β/1000
    /// with β in Hz per g/s.
    public var betaQ32: Int64 = 0
    /// One-euro: the speed's smoothing factor α_s, Q16.
    public var speedAlphaQ16: Int64 = 1 << 16

    public static let q28: Int64 = 1 << 28

    public static let passThrough = LowPassCoefficients(kind: .none, alphaQ16: 1 << 16, b0: q28, b1: 0, b2: 0, a1: 0, a2: 0)

    public init(kind: FilterKind, alphaQ16: Int64, b0: Int64, b1: Int64, b2: Int64, a1: Int64, a2: Int64) {
        self.kind = kind
        self.alphaQ16 = alphaQ16
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    /// Coefficients for `settings` at `sampleRateHz`. The cut-off must be at most
    /// ``SettingsRules/maxCutoffMilliHertz(sampleRateHz:)`` (0.45 × the sample rate), which
    /// ``SettingsRules`` checks before settings reach the loop; nothing is clamped here.
    public init(settings: FilterSettings, sampleRateHz: Int) {
        let rate = Double(sampleRateHz)
        let cutoff = Double(settings.cutoffMilliHertz) / 1000
        switch settings.kind {
        case .none:
            self = .passThrough
        case .onePole:
            let alpha = 1 - Double.exp(-2 * Double.pi * cutoff / rate)
            self = .passThrough
            kind = .onePole
            alphaQ16 = max(1, Int64((alpha * 65536).rounded()))
        case .biquad:
            let k = Double.tan(Double.pi * cutoff / rate)
            let root2 = 2.0.squareRoot()
            let norm = 1 / (1 + root2 * k + k * k)
            let a1 = Int64((2 * (k * k - 1) * norm * Double(Self.q28)).rounded())
            let a2 = Int64(((1 - root2 * k + k * k) * norm * Double(Self.q28)).rounded())
            // b0 + b1 + b2 must equal 1 + a1 + a2 exactly for unity DC gain; b1 = 2·b0, b2 = b0.
            let sum = Self.q28 + a1 + a2
            let b0 = (sum + 2) / 4
            self.init(kind: .biquad, alphaQ16: 0, b0: b0, b1: 2 * b0, b2: sum - 3 * b0, a1: a1, a2: a2)
        case .oneEuro:
            self = .passThrough
            kind = .oneEuro
            restOmegaQ16 = Self.omegaQ16(cutoffHertz: cutoff, rate: rate)
            maxOmegaQ16 = max(restOmegaQ16, Self.omegaQ16(cutoffHertz: 0.45 * rate, rate: rate))
            betaQ32 = Int64((2 * Double.pi * Double(settings.betaMilliHertzPerGramPerSecond) / 1e6 * 4_294_967_296).rounded())
            let speedOmega = Self.omegaQ16(cutoffHertz: Double(settings.speedCutoffMilliHertz) / 1000, rate: rate)
            speedAlphaQ16 = max(1, (speedOmega << 16) / (speedOmega + (1 << 16)))
            alphaQ16 = (restOmegaQ16 << 16) / (restOmegaQ16 + (1 << 16))
        }
    }

    /// ω = 2π·fc/fs in Q16, at least 1.
    private static func omegaQ16(cutoffHertz: Double, rate: Double) -> Int64 {
        max(1, Int64((2 * Double.pi * cutoffHertz / rate * 65536).rounded()))
    }

    /// Group delay at DC in frames, from the quantised coefficients:
    /// Σk·bk/Σbk − Σk·ak/Σak (a0 = 1). Zero for no filter; the one-euro filter's at rest (its
    /// cut-off at rest, ``alphaQ16``), the most it delays.
    public var groupDelayFrames: Double {
        switch kind {
        case .none:
            return 0
        case .onePole, .oneEuro:
            let alpha = Double(alphaQ16) / 65536
            return (1 - alpha) / alpha
        case .biquad:
            let q = Double(Self.q28)
            let b = [Double(b0) / q, Double(b1) / q, Double(b2) / q]
            let a = [1, Double(a1) / q, Double(a2) / q]
            let numerator = (b[1] + 2 * b[2]) / (b[0] + b[1] + b[2])
            let denominator = (a[1] + 2 * a[2]) / (a[0] + a[1] + a[2])
            return numerator - denominator
        }
    }
}
