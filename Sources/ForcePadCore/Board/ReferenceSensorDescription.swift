/// The reference force sensor beside the pad, from the board file's `[reference]` table.
public enum ReferenceSensorDescription: Sendable, Equatable {
    /// A load cell under the pad through a NAU7802 ADC.
    case loadCell(LoadCellADCDescription)
    /// A force gauge on a serial port.
    case gauge(ForceGaugeDescription)
}
