/// What a ``SimulatedActuator`` is driven by: a level per mille of the actuator's rated
/// drive at each instant (0 off, 1000 rated, above overdrive, below 0 braking).
public protocol SimulatedDriveLevel {
    /// The level at `micros` (per mille of rated).
    func levelPerMille(at micros: Int64) -> Int32
}

extension SimulatedDrive: SimulatedDriveLevel {}
