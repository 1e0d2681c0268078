import ForcePadCore

/// Where the force that ends a press by force, and that the force limit watches, comes from.
public enum StandForceSource: Sendable {
    /// The stand's own gauge, asked once per command period (``StandProtocol/gaugeForce(deadlineMicros:clock:)``).
    case standGauge
    /// The board's reference sensor: its latest reading and how long ago it was read (µs),
    /// nil before the first (``ReferenceReader/latestForce()``).
    case reference(@Sendable () -> (force: Force, ageMicros: Int64)?)
}
