/// What a corpus press is made to test.
public enum CorpusPressKind: String, Sendable, CaseIterable {
    /// A ramp through every threshold to above pop, held, and released at the same rate
    /// (0.2 to 5 kg/s).
    case ramp
    /// A hold just above a threshold (it must fire).
    case holdAbove = "hold-above"
    /// A hold just below a threshold (it must not fire).
    case holdBelow = "hold-below"
    /// A brush that peaks a few grams under a threshold and leaves at once.
    case brush
    /// A quick tap through peek or pop, held for a few tens of milliseconds.
    case tap
    /// A finger held between peek and pop while it slides across the cells.
    case drag
    /// Two fingers apart on the pad (the press is cancelled; no stage beyond what the total reaches may fire).
    case twoFinger = "two-finger"
    /// A slow drift from below a threshold to above it and back (tens of grams per second).
    case drift
}
