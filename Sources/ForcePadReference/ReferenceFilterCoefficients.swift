import ForcePadCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Coefficients of the reference low-pass filter, as plain fractions (1.0 = unity).
///
/// Two sources: the fixed-point pipeline's own quantised coefficients converted exactly
/// (``init(quantised:)``), so a comparison isolates the error of integer arithmetic; or the
/// design equations evaluated without quantisation (``init(ideal:sampleRateHz:)``), to
/// check the fixed-point design against the filter it is meant to be.
///
/// - one-pole: y += α·(x − y).
/// - biquad: direct form I, y = b0·x + b1·x1 + b2·x2 − a1·y1 − a2·y2 (a0 = 1).
public struct ReferenceFilterCoefficients<Sample: BinaryFloatingPoint>: Equatable {
    public var kind: FilterKind
    /// One-pole smoothing factor (0 < α ≤ 1; 1 without a filter, unused by the biquad).
    public var alpha: Sample
    /// Biquad feed-forward coefficients.
    public var b0: Sample, b1: Sample, b2: Sample
    /// Biquad feedback coefficients (a0 = 1 implied).
    public var a1: Sample, a2: Sample
    /// One-euro: ω = 2π·fc/fs at rest, the highest ω, ω per mg/frame of smoothed speed, and
    /// the speed's smoothing factor (unused by the other kinds).
    public var restOmega: Sample = 0, maxOmega: Sample = 0, beta: Sample = 0, speedAlpha: Sample = 1

    /// The coefficients the fixed-point filter uses: α from Q16, the biquad's from Q28.
    public init(quantised coefficients: LowPassCoefficients) {
        let q28 = Sample(LowPassCoefficients.q28)
        kind = coefficients.kind
        alpha = Sample(coefficients.alphaQ16) / 65536
        b0 = Sample(coefficients.b0) / q28
        b1 = Sample(coefficients.b1) / q28
        b2 = Sample(coefficients.b2) / q28
        a1 = Sample(coefficients.a1) / q28
        a2 = Sample(coefficients.a2) / q28
        restOmega = Sample(coefficients.restOmegaQ16) / 65536
        maxOmega = Sample(coefficients.maxOmegaQ16) / 65536
        beta = Sample(coefficients.betaQ32) / 4_294_967_296
        speedAlpha = Sample(coefficients.speedAlphaQ16) / 65536
    }

    /// The design without quantisation, with the same equations and the same cut-off clamp
    /// (0.45 × the sample rate) as ``LowPassCoefficients/init(settings:sampleRateHz:)``:
    /// one-pole α = 1 − exp(−2π·fc/fs); second-order Butterworth by the bilinear transform
    /// pre-warped at fc, K = tan(π·fc/fs). Evaluated in Double, then rounded to `Sample`.
    public init(ideal settings: FilterSettings, sampleRateHz: Int) {
        let rate = Double(sampleRateHz)
        let cutoff = min(Double(settings.cutoffMilliHertz) / 1000, 0.45 * rate)
        kind = settings.kind
        alpha = 1
        b0 = 1
        b1 = 0
        b2 = 0
        a1 = 0
        a2 = 0
        switch settings.kind {
        case .none:
            break
        case .onePole:
            alpha = Sample(1 - exp(-2 * Double.pi * cutoff / rate))
        case .oneEuro:
            restOmega = Sample(2 * Double.pi * cutoff / rate)
            maxOmega = Sample(2 * Double.pi * 0.45)
            beta = Sample(2 * Double.pi * Double(settings.betaMilliHertzPerGramPerSecond) / 1e6)
            let speedOmega = 2 * Double.pi * Double(settings.speedCutoffMilliHertz) / 1000 / rate
            speedAlpha = Sample(speedOmega / (1 + speedOmega))
            alpha = restOmega / (1 + restOmega)
        case .biquad:
            let k = tan(Double.pi * cutoff / rate)
            let root2 = 2.0.squareRoot()
            let norm = 1 / (1 + root2 * k + k * k)
            b0 = Sample(k * k * norm)
            b1 = Sample(2 * k * k * norm)
            b2 = Sample(k * k * norm)
            a1 = Sample(2 * (k * k - 1) * norm)
            a2 = Sample((1 - root2 * k + k * k) * norm)
        }
    }

    /// Group delay at DC in frames (the centroid of the impulse response): (1 − α)/α for the
    /// one-pole, Σk·bk/Σbk − Σk·ak/Σak for the biquad, 0 without a filter.
    public var groupDelayFrames: Double {
        switch kind {
        case .none:
            return 0
        case .onePole, .oneEuro:
            return Double(1 - alpha) / Double(alpha)
        case .biquad:
            let b = (Double(b0), Double(b1), Double(b2))
            let a = (1.0, Double(a1), Double(a2))
            let feedForward = (b.1 + 2 * b.2) / (b.0 + b.1 + b.2)
            let feedback = (a.1 + 2 * a.2) / (a.0 + a.1 + a.2)
            return feedForward - feedback
        }
    }
}

extension ReferenceFilterCoefficients: Sendable where Sample: Sendable {}
