/// The low-pass filter of every cell, in fixed point, integer-only and allocation-free.
///
/// Input and output are milligrams (Q0), clamped to ±``inputLimit`` so no product can
/// overflow. One-pole state is Q16 mg; biquad state is Q8 mg with Q28 coefficients and a
/// 64-bit accumulator (|x|,|y| ≤ 2^31 in Q8 and |coefficients| < 2^29 keep the five-term
/// sum below 2^62). The biquad feeds each step's rounding remainder (Q36) back into the
/// next accumulator (first-order error feedback), so it settles exactly on a steady input
/// instead of stalling in a dead band that widens as 1/cutoff². Outputs round to nearest.
/// The one-euro filter keeps its output in the one-pole's Q16 state and its smoothed speed
/// in Q16 mg per frame, limited to ±``speedLimitQ16`` so that |ŝ|·β (β < 2^31, Q32) stays
/// below 2^62; its α = (ω << 16)/(ω + 2^16) with 1 ≤ ω ≤ 2^20 needs one division per cell.
public struct CellFilterBank: Sendable {
    public private(set) var coefficients: LowPassCoefficients
    private let cellCount: Int
    /// One-pole (and one-euro) output per cell, Q16 mg.
    private var onePoleQ16: WideCellValues
    /// One-euro smoothed speed per cell, Q16 mg per frame.
    private var speedQ16: WideCellValues
    /// Biquad history per cell, Q8 mg: x[n-1], x[n-2], y[n-1], y[n-2].
    private var x1: WideCellValues
    private var x2: WideCellValues
    private var y1: WideCellValues
    private var y2: WideCellValues
    /// Biquad rounding remainder per cell, Q36 (|e| ≤ 2^27).
    private var remainder: WideCellValues
    private var primed = false

    /// Largest |input| in mg (8388.607 g); larger inputs are clamped (saturating).
    public static let inputLimit: Int32 = (1 << 23) - 1
    /// Largest |smoothed speed| the one-euro filter uses, Q16 mg per frame (32.8 g per frame).
    public static let speedLimitQ16: Int64 = (1 << 31) - 1

    public init(cellCount: Int, coefficients: LowPassCoefficients) {
        precondition((0...BoardDescription.maxCells).contains(cellCount), "a filter bank holds at most \(BoardDescription.maxCells) cells")
        Self.checkRange(coefficients)
        self.cellCount = cellCount
        self.coefficients = coefficients
        onePoleQ16 = InlineArray(repeating: 0)
        speedQ16 = InlineArray(repeating: 0)
        x1 = InlineArray(repeating: 0)
        x2 = InlineArray(repeating: 0)
        y1 = InlineArray(repeating: 0)
        y2 = InlineArray(repeating: 0)
        remainder = InlineArray(repeating: 0)
    }

    /// New coefficients; the filter restarts from the next input (no transient from old state).
    public mutating func apply(_ coefficients: LowPassCoefficients) {
        if coefficients != self.coefficients {
            Self.checkRange(coefficients)
            self.coefficients = coefficients
            primed = false
        }
    }

    /// Forgets the history: the next input passes unchanged and starts the filter again.
    public mutating func restart() {
        primed = false
    }

    /// Filters `milligrams[0..<cellCount]` in place.
    ///
    /// Ranges are proven once: `cellCount` ≤ 256 (``BoardDescription/maxCells``) and the coefficients' sizes (``init``,
    /// ``apply(_:)``), so the cells are read unchecked; every input is clamped to ±``inputLimit``
    /// first, so no product or sum can overflow and wrapping arithmetic (`&+`, `&*`) never wraps.
    ///
    /// Optimised for size, and so kept out of line: a few cells of 64-bit products take fewer
    /// instructions one by one than vectorised with the runtime checks and lane shuffles SSE2
    /// needs for them.
    @inline(never) @_optimize(size)
    public mutating func filter(_ milligrams: inout CellValues) {
        Self.clamp(&milligrams, cells: cellCount)
        if !primed {
            for cell in 0..<cellCount {
                let value = Int64(milligrams[unchecked: cell])
                milligrams[unchecked: cell] = Int32(truncatingIfNeeded: value)
                onePoleQ16[unchecked: cell] = value &<< 16
                speedQ16[unchecked: cell] = 0
                x1[unchecked: cell] = value &<< 8
                x2[unchecked: cell] = value &<< 8
                y1[unchecked: cell] = value &<< 8
                y2[unchecked: cell] = value &<< 8
                remainder[unchecked: cell] = 0
            }
            primed = true
            return
        }
        switch coefficients.kind {
        case .none:
            break
        case .onePole:
            let alpha = coefficients.alphaQ16
            for cell in 0..<cellCount {
                let input = Int64(milligrams[unchecked: cell]) &<< 16
                let previous = onePoleQ16[unchecked: cell]
                let state = previous &+ (((input &- previous) &* alpha &+ (1 << 15)) &>> 16)
                onePoleQ16[unchecked: cell] = state
                milligrams[unchecked: cell] = Int32(truncatingIfNeeded: (state &+ (1 << 15)) &>> 16)
            }
        case .biquad:
            let c = coefficients
            for cell in 0..<cellCount {
                let x0 = Int64(milligrams[unchecked: cell]) &<< 8
                let xm1 = x1[unchecked: cell], xm2 = x2[unchecked: cell]
                let ym1 = y1[unchecked: cell], ym2 = y2[unchecked: cell]
                let accumulator = c.b0 &* x0 &+ c.b1 &* xm1 &+ c.b2 &* xm2 &- c.a1 &* ym1 &- c.a2 &* ym2
                    &+ remainder[unchecked: cell]
                let y0 = (accumulator &+ (1 << 27)) &>> 28
                remainder[unchecked: cell] = accumulator &- (y0 &<< 28)
                x2[unchecked: cell] = xm1
                x1[unchecked: cell] = x0
                y2[unchecked: cell] = ym1
                y1[unchecked: cell] = y0
                milligrams[unchecked: cell] = Int32(truncatingIfNeeded: (y0 &+ (1 << 7)) &>> 8)
            }
        case .oneEuro:
            let c = coefficients
            for cell in 0..<cellCount {
                let input = Int64(milligrams[unchecked: cell]) &<< 16
                let previous = onePoleQ16[unchecked: cell]
                let rawSpeed = input &- previous
                let smoothedSpeed = speedQ16[unchecked: cell]
                let speed = min(
                    max(smoothedSpeed &+ (((rawSpeed &- smoothedSpeed) &* c.speedAlphaQ16 &+ (1 << 15)) &>> 16), -Self.speedLimitQ16),
                    Self.speedLimitQ16)
                speedQ16[unchecked: cell] = speed
                let magnitude = speed < 0 ? 0 &- speed : speed
                let omega = min(c.restOmegaQ16 &+ ((magnitude &* c.betaQ32) &>> 32), c.maxOmegaQ16)
                // ω ≥ 1, so the divisor is at least 2^16 + 1 (checked in checkRange), and the
                // quotient is below 2^16: it converts back without a check.
                let alpha = Int64(truncatingIfNeeded: UInt64(truncatingIfNeeded: omega &<< 16) / UInt64(truncatingIfNeeded: omega &+ (1 << 16)))
                let state = previous &+ ((rawSpeed &* alpha &+ (1 << 15)) &>> 16)
                onePoleQ16[unchecked: cell] = state
                milligrams[unchecked: cell] = Int32(truncatingIfNeeded: (state &+ (1 << 15)) &>> 16)
            }
        }
    }

    /// The sizes the overflow proof of ``filter(_:)`` rests on: α in 0…1 (Q16), every biquad
    /// coefficient below 2 (2^29 in Q28), as any stable filter's are, and the one-euro's
    /// 1 ≤ ω at rest ≤ highest ω ≤ 2^20, 0 ≤ β < 2^31 and α_s in 0…1.
    private static func checkRange(_ coefficients: LowPassCoefficients) {
        let below2 = (-(1 << 29) + 1)..<Int64(1 << 29)
        let c = coefficients
        precondition((0...(1 << 16)).contains(c.alphaQ16), "one-pole alpha out of 0...1")
        precondition(1 <= c.restOmegaQ16 && c.restOmegaQ16 <= c.maxOmegaQ16 && c.maxOmegaQ16 <= 1 << 20, "one-euro omega out of range")
        precondition((0..<(1 << 31)).contains(c.betaQ32) && (0...(1 << 16)).contains(c.speedAlphaQ16), "one-euro beta or speed alpha out of range")
        precondition(
            below2.contains(c.b0) && below2.contains(c.b1) && below2.contains(c.b2) && below2.contains(c.a1) && below2.contains(c.a2),
            "biquad coefficient out of (-2, 2)")
    }

    /// Limits `milligrams[0..<cells]` to ±``inputLimit`` in place (`cells` ≤ 256), four cells at a
    /// time in SIMD lanes, the rest one by one: the filters then read inputs already in range.
    /// Swift 6.2.3 left a clamp inside each filter's loop unvectorised (four instructions a cell
    /// on arm64); here four cells take a load, `smax`, `smin` and a store.
    @inline(__always)
    private static func clamp(_ milligrams: inout CellValues, cells: Int) {
        let low = SIMD4<Int32>(repeating: -inputLimit), high = SIMD4<Int32>(repeating: inputLimit)
        var cell = 0
        while cell &+ 4 <= cells {
            let lanes = SIMD4(
                milligrams[unchecked: cell], milligrams[unchecked: cell &+ 1],
                milligrams[unchecked: cell &+ 2], milligrams[unchecked: cell &+ 3])
            let limited = pointwiseMin(pointwiseMax(lanes, low), high)
            milligrams[unchecked: cell] = limited[0]
            milligrams[unchecked: cell &+ 1] = limited[1]
            milligrams[unchecked: cell &+ 2] = limited[2]
            milligrams[unchecked: cell &+ 3] = limited[3]
            cell &+= 4
        }
        while cell < cells {
            milligrams[unchecked: cell] = clamped(milligrams[unchecked: cell])
            cell &+= 1
        }
    }

    /// `milligrams` limited to ±``inputLimit``.
    @inline(__always)
    private static func clamped(_ milligrams: Int32) -> Int32 {
        min(max(milligrams, -inputLimit), inputLimit)
    }
}
