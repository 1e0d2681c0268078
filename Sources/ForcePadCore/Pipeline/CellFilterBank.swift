/// The low-pass filter of every cell, in fixed point, integer-only and allocation-free.
///
/// Input and output are milligrams (Q0), clamped to ±``inputLimit`` so no product can
/// overflow. One-pole state is Q16 mg; biquad state is Q8 mg with Q28 coefficients and a
/// 64-bit accumulator (|x|,|y| ≤ 2^31 in Q8 and |coefficients| < 2^29 keep the five-term
/// sum below 2^62). The biquad feeds each step's rounding remainder (Q36) back into the
/// next accumulator (first-order error feedback), so it settles exactly on a steady input
/// instead of stalling in a dead band that widens as 1/cutoff². Outputs round to nearest.
public struct CellFilterBank: Sendable {
    public private(set) var coefficients: LowPassCoefficients
    private let cellCount: Int
    /// One-pole output per cell, Q16 mg.
    private var onePoleQ16: InlineArray<64, Int64>
    /// Biquad history per cell, Q8 mg: x[n-1], x[n-2], y[n-1], y[n-2].
    private var x1: InlineArray<64, Int64>
    private var x2: InlineArray<64, Int64>
    private var y1: InlineArray<64, Int64>
    private var y2: InlineArray<64, Int64>
    /// Biquad rounding remainder per cell, Q36 (|e| ≤ 2^27).
    private var remainder: InlineArray<64, Int64>
    private var primed = false

    /// Largest |input| in mg (8388.607 g); larger inputs are clamped (saturating).
    public static let inputLimit: Int32 = (1 << 23) - 1

    public init(cellCount: Int, coefficients: LowPassCoefficients) {
        self.cellCount = cellCount
        self.coefficients = coefficients
        onePoleQ16 = InlineArray(repeating: 0)
        x1 = InlineArray(repeating: 0)
        x2 = InlineArray(repeating: 0)
        y1 = InlineArray(repeating: 0)
        y2 = InlineArray(repeating: 0)
        remainder = InlineArray(repeating: 0)
    }

    /// New coefficients; the filter restarts from the next input (no transient from old state).
    public mutating func apply(_ coefficients: LowPassCoefficients) {
        if coefficients != self.coefficients {
            self.coefficients = coefficients
            primed = false
        }
    }

    /// Forgets the history: the next input passes unchanged and starts the filter again.
    public mutating func restart() {
        primed = false
    }

    /// Filters `milligrams[0..<cellCount]` in place.
    @inline(__always)
    public mutating func filter(_ milligrams: inout CellValues) {
        for cell in 0..<cellCount {
            milligrams[cell] = min(max(milligrams[cell], -Self.inputLimit), Self.inputLimit)
        }
        if !primed {
            for cell in 0..<cellCount {
                let value = Int64(milligrams[cell])
                onePoleQ16[cell] = value << 16
                x1[cell] = value << 8
                x2[cell] = value << 8
                y1[cell] = value << 8
                y2[cell] = value << 8
                remainder[cell] = 0
            }
            primed = true
            return
        }
        switch coefficients.kind {
        case .none:
            return
        case .onePole:
            let alpha = coefficients.alphaQ16
            for cell in 0..<cellCount {
                let input = Int64(milligrams[cell]) << 16
                let state = onePoleQ16[cell] + (((input - onePoleQ16[cell]) * alpha + (1 << 15)) >> 16)
                onePoleQ16[cell] = state
                milligrams[cell] = Int32(truncatingIfNeeded: (state + (1 << 15)) >> 16)
            }
        case .biquad:
            let c = coefficients
            for cell in 0..<cellCount {
                let x0 = Int64(milligrams[cell]) << 8
                let accumulator = c.b0 * x0 + c.b1 * x1[cell] + c.b2 * x2[cell] - c.a1 * y1[cell] - c.a2 * y2[cell]
                    + remainder[cell]
                let y0 = (accumulator + (1 << 27)) >> 28
                remainder[cell] = accumulator - (y0 << 28)
                x2[cell] = x1[cell]
                x1[cell] = x0
                y2[cell] = y1[cell]
                y1[cell] = y0
                milligrams[cell] = Int32(truncatingIfNeeded: (y0 + (1 << 7)) >> 8)
            }
        }
    }
}
