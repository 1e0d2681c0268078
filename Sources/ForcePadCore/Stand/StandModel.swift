/// The serial protocol a motorised force test stand speaks (`[stand] model`).
public enum StandModel: String, Sendable, CaseIterable, Equatable {
    /// Mark-10 ESM303 (and ESM301) in PC Control mode: one ASCII letter per command, fixed-width
    /// numbers (``ESM303Protocol``).
    case esm303
    /// A GRBL-style G-code controller on a stepper stage, the Z axis pressing (``GCodeProtocol``).
    case gcode

    /// The name a person reads, e.g. in `stand` and in messages.
    public var partName: String {
        switch self {
        case .esm303: "Mark-10 ESM303"
        case .gcode: "G-code (GRBL) stage"
        }
    }
}
