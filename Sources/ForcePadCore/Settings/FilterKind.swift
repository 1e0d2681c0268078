/// The low-pass filter applied to each cell's force.
public enum FilterKind: String, Sendable, CaseIterable, BitwiseCopyable {
    /// No filtering: the calibrated value is used as read.
    case none
    /// First-order IIR (exponential smoothing).
    case onePole = "one-pole"
    /// Second-order Butterworth IIR.
    case biquad

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
