/// The actuator wired to the DRV2605L's OUT+/OUT− pins: FEEDBACK bit 7 (N_ERM_LRA) and the
/// effect libraries that suit it.
public enum DRV2605LActuator: String, Sendable, Equatable, CaseIterable {
    /// Eccentric rotating mass motor (a coin or pager motor).
    case erm
    /// Linear resonant actuator.
    case lra
}
