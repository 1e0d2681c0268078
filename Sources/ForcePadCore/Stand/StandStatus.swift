/// One answer of a stand to ForcePad's periodic question "where are you, what are you doing".
public struct StandStatus: Sendable, Equatable {
    public var state: StandState
    /// The crosshead's travel from home towards the pad (µm), when the answer carried it.
    public var travel: Int64?
    /// Why the stand is in ``StandState/alarm``, in the stand's own words (e.g. `ALARM:1`).
    public var alarm: String?
    /// Whether this answers an earlier period's question, having come after that period's
    /// deadline: the stand is alive and this is what it did, but when is not known well enough
    /// for a travel sample.
    public var isLate: Bool

    public init(state: StandState, travel: Int64?, alarm: String? = nil, isLate: Bool = false) {
        self.state = state
        self.travel = travel
        self.alarm = alarm
        self.isLate = isLate
    }
}
