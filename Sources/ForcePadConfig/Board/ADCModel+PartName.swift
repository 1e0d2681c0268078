import ForcePadCore

extension ADCModel {
    /// The name messages use: the part number as printed on the chip (`ADS7830`), or `sim`.
    var partName: String { self == .sim ? "sim" : rawValue.uppercased() }
}
