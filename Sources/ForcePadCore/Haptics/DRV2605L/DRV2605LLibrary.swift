/// The ROM effect library the sequencer plays from (LIBRARY_SEL bits 2–0). Every library
/// holds effects 1 to 123; the ERM libraries A–E differ in the motors' rated voltage and rise
/// time they were tuned for, the LRA library is the only one for an LRA.
public enum DRV2605LLibrary: UInt8, Sendable, Equatable, CaseIterable {
    case ermA = 1
    case ermB = 2
    case ermC = 3
    case ermD = 4
    case ermE = 5
    case lra = 6

    /// The actuator the library was made for.
    public var actuator: DRV2605LActuator {
        self == .lra ? .lra : .erm
    }

    /// The library's name as the datasheet gives it, e.g. `ERM library A`.
    public var name: String {
        switch self {
        case .ermA: "ERM library A"
        case .ermB: "ERM library B"
        case .ermC: "ERM library C"
        case .ermD: "ERM library D"
        case .ermE: "ERM library E"
        case .lra: "LRA library"
        }
    }
}
