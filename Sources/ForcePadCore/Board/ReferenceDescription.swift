/// A board's reference force sensor (`[reference]`), one case per kind of `model`.
public enum ReferenceDescription: Sendable, Equatable {
    /// `model = "sim"`: the simulated pad's true force, with noise and a rate of its own.
    case simulated(SimulatedReferenceSettings)
    /// `model = "nau7802"`: a load cell under the pad through a NAU7802 ADC.
    case loadCell(LoadCellADCDescription)
    /// `model = "mark10"` or `"imada"`: a force gauge on a serial port.
    case gauge(ForceGaugeDescription)

    /// The `model` value that selects this case in the board file.
    public var model: String {
        switch self {
        case .simulated: "sim"
        case .loadCell: "nau7802"
        case .gauge(let gauge): gauge.model.rawValue
        }
    }
}
