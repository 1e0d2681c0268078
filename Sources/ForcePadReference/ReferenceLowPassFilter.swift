import ForcePadCore

/// The per-cell low-pass filter in floating point: the same structure, start-up and input
/// clamp as ``CellFilterBank``, without any rounding of state or output.
///
/// Input and output are milligrams. The first frame after construction sets every state to
/// its input (so the output starts at the input, with no transient from zero), exactly as
/// the fixed-point filter does.
public struct ReferenceLowPassFilter<Sample: BinaryFloatingPoint> {
    public let coefficients: ReferenceFilterCoefficients<Sample>
    @usableFromInline let cellCount: Int
    /// One-pole (and one-euro) output per cell (mg).
    @usableFromInline var onePole: ReferenceCellValues<Sample>
    /// One-euro smoothed speed per cell (mg per frame).
    @usableFromInline var speed: ReferenceCellValues<Sample>
    /// Biquad history per cell (mg): x[n-1], x[n-2], y[n-1], y[n-2].
    @usableFromInline var x1: ReferenceCellValues<Sample>
    @usableFromInline var x2: ReferenceCellValues<Sample>
    @usableFromInline var y1: ReferenceCellValues<Sample>
    @usableFromInline var y2: ReferenceCellValues<Sample>
    @usableFromInline var primed = false

    public init(cellCount: Int, coefficients: ReferenceFilterCoefficients<Sample>) {
        self.cellCount = cellCount
        self.coefficients = coefficients
        onePole = ReferenceCellValues(repeating: 0)
        speed = ReferenceCellValues(repeating: 0)
        x1 = ReferenceCellValues(repeating: 0)
        x2 = ReferenceCellValues(repeating: 0)
        y1 = ReferenceCellValues(repeating: 0)
        y2 = ReferenceCellValues(repeating: 0)
    }

    /// Forgets the history: the next input passes unchanged and starts the filter again.
    public mutating func restart() {
        primed = false
    }

    /// Filters `milligrams[0..<cellCount]` in place, after clamping each value to
    /// ±``CellFilterBank/inputLimit`` like the fixed-point filter.
    @inlinable
    public mutating func filter(_ milligrams: inout ReferenceCellValues<Sample>) {
        let limit = Sample(CellFilterBank.inputLimit)
        for cell in 0..<cellCount {
            milligrams[cell] = min(max(milligrams[cell], -limit), limit)
        }
        if !primed {
            for cell in 0..<cellCount {
                let value = milligrams[cell]
                onePole[cell] = value
                speed[cell] = 0
                x1[cell] = value
                x2[cell] = value
                y1[cell] = value
                y2[cell] = value
            }
            primed = true
            return
        }
        let c = coefficients
        switch c.kind {
        case .none:
            return
        case .onePole:
            for cell in 0..<cellCount {
                let state = onePole[cell] + c.alpha * (milligrams[cell] - onePole[cell])
                onePole[cell] = state
                milligrams[cell] = state
            }
        case .oneEuro:
            let limit = Sample(CellFilterBank.speedLimitQ16) / 65536
            for cell in 0..<cellCount {
                let rawSpeed = milligrams[cell] - onePole[cell]
                let smoothed = min(max(speed[cell] + c.speedAlpha * (rawSpeed - speed[cell]), -limit), limit)
                speed[cell] = smoothed
                let omega = min(c.restOmega + abs(smoothed) * c.beta, c.maxOmega)
                let state = onePole[cell] + omega / (1 + omega) * rawSpeed
                onePole[cell] = state
                milligrams[cell] = state
            }
        case .biquad:
            for cell in 0..<cellCount {
                let x0 = milligrams[cell]
                let feedForward = c.b0 * x0 + c.b1 * x1[cell] + c.b2 * x2[cell]
                let y0 = feedForward - c.a1 * y1[cell] - c.a2 * y2[cell]
                x2[cell] = x1[cell]
                x1[cell] = x0
                y2[cell] = y1[cell]
                y1[cell] = y0
                milligrams[cell] = y0
            }
        }
    }
}

extension ReferenceLowPassFilter: Sendable where Sample: Sendable {}
