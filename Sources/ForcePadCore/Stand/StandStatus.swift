/// One answer of a stand to ForcePad's periodic question "where are you, what are you doing".
public struct StandStatus: Sendable, Equatable {
    public var state: StandState
    /// The crosshead's travel from home towards the pad (µm), when the answer carried it.
    public var travel: Int64?
    /// Why the stand is in ``StandState/alarm``, in the stand's own words (e.g. `ALARM:1`).
    public var alarm: String?

    public init(state: StandState, travel: Int64?, alarm: String? = nil) {
        self.state = state
        self.travel = travel
        self.alarm = alarm
    }
}
