/// A board's reference force sensor (`[reference]`), one case per `model`.
public enum ReferenceDescription: Sendable, Equatable {
    /// `model = "sim"`: the simulated pad's true force, with noise and a rate of its own.
    case simulated(SimulatedReferenceSettings)

    /// The `model` value that selects this case in the board file.
    public var model: String {
        switch self {
        case .simulated: "sim"
        }
    }
}
