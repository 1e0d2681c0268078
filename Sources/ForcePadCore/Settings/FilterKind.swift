/// The low-pass filter applied to each cell's force.
public enum FilterKind: String, Sendable, CaseIterable, BitwiseCopyable {
    /// No filtering: the calibrated value is used as read.
    case none
    /// First-order IIR (exponential smoothing).
    case onePole = "one-pole"
    /// Second-order Butterworth IIR.
    case biquad
    /// The 1€ filter (Casiez, Roussel, Vogel, CHI 2012): a first-order low-pass whose cut-off
    /// rises with the speed of the force, so it smooths hard at rest and lags little while
    /// the force moves.
    case oneEuro = "one-euro"

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
