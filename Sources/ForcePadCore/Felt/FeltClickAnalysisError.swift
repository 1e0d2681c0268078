/// Why a series of accelerometer samples gives no felt-click measurement; `description` is
/// the one-line message shown, saying what to change.
public enum FeltClickAnalysisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer than ``FeltClickAnalyzer/minimumRestSamples`` samples in the rest window.
    case tooFewRestSamples(found: Int, needed: Int)
    /// Nothing after the stage rose above the threshold (milli-g).
    case neverFelt(thresholdMilliG: Int32)

    public var description: String {
        switch self {
        case .tooFewRestSamples(let found, let needed):
            "only \(found) accelerometer samples before the stage, \(needed) needed for the noise floor:"
                + " start reading the accelerometer earlier or lengthen the rest window"
        case .neverFelt(let threshold):
            "the acceleration never rose above \(threshold) mg after the stage:"
                + " check that the accelerometer is fixed to the pad and the actuator drives"
        }
    }
}
