/// The sim board's simulated stand (`[stand]` keys read only there): how fast its crosshead
/// can change speed, and the spring, with an optional snap like a dome switch's, through which
/// its plunger presses the simulated pad.
///
/// The spring force at travel t (µm) is 0 above ``contact``, then ``stiffness`` × (t −
/// contact), less the snap: over ``snapWidth`` from ``snapAt`` (µm past contact) the force
/// falls linearly by ``snapDrop`` and stays that much lower below it, so the curve has a peak,
/// a drop and a rise again, as a dome's does.
public struct SimulatedStandSettings: Sendable, Equatable {
    /// Acceleration and deceleration of the crosshead (µm/s²).
    public var acceleration: Int64
    /// The travel at which the plunger touches the pad (µm).
    public var contact: Int64
    /// The spring's stiffness (mg/µm, which is g/mm).
    public var stiffness: Int64
    /// Where the snap begins, past contact (µm); 0 with no snap.
    public var snapAt: Int64
    /// Over how much travel the force falls at the snap (µm).
    public var snapWidth: Int64
    /// How much the force falls at the snap (0: no snap).
    public var snapDrop: Force

    public static let standard = SimulatedStandSettings(
        acceleration: 200_000, contact: 2_000, stiffness: 200, snapAt: 0, snapWidth: 0, snapDrop: .zero)

    public init(acceleration: Int64, contact: Int64, stiffness: Int64, snapAt: Int64, snapWidth: Int64, snapDrop: Force) {
        self.acceleration = acceleration
        self.contact = contact
        self.stiffness = stiffness
        self.snapAt = snapAt
        self.snapWidth = snapWidth
        self.snapDrop = snapDrop
    }

    /// The spring's force with the crosshead at `travel` (µm), never below zero.
    public func force(atTravel travel: Int64) -> Force {
        let compressed = travel - contact
        guard compressed > 0 else { return .zero }
        var milligrams = compressed * stiffness
        if snapDrop.milligrams > 0, compressed > snapAt {
            let into = compressed - snapAt
            let drop = Int64(snapDrop.milligrams)
            milligrams -= snapWidth > 0 && into < snapWidth ? drop * into / snapWidth : drop
        }
        return Force(milligrams: Int32(clamping: max(0, milligrams)))
    }
}
