import ForcePadCore

/// The presses a test stand was asked to make for a trial, as `recording.json` keeps them
/// (`stand`): what `trial resume` asks of the stand again for the presses left. Speeds in
/// µm/min, travels in µm, forces in g, times in µs.
public struct RecordedStandCycles: Codable, Equatable, Sendable {
    /// Down and up (µm/min).
    public var speedMicrometresPerMinute: Int64
    /// Down until this force (g), or nil when the presses go to ``depthMicrometres``.
    public var depthGrams: Double?
    /// Down to this travel from home (µm), or nil when the presses go to ``depthGrams``.
    public var depthMicrometres: Int64?
    /// Held at the depth (µs).
    public var dwellMicros: Int64
    /// Back up to this travel from home (µm).
    public var returnMicrometres: Int64

    enum CodingKeys: String, CodingKey {
        case speedMicrometresPerMinute = "speed_um_per_min", depthGrams = "depth_g", depthMicrometres = "depth_um"
        case dwellMicros = "dwell_us", returnMicrometres = "return_um"
    }

    /// Speeds a recording may give (µm/min): up to 100 m/min.
    public static let speedRange: ClosedRange<Int64> = 1...100_000_000
    /// Travels a recording may give (µm): a stand's stroke, with room above home (±1 m).
    public static let travelRange: ClosedRange<Int64> = -1_000_000...1_000_000
    /// Dwells a recording may give (µs): up to an hour.
    public static let dwellRange: ClosedRange<Int64> = 0...3_600_000_000

    /// `cycles` as recorded (its count is the trial's, kept apart).
    public init(_ cycles: StandCycles) {
        speedMicrometresPerMinute = cycles.speed
        switch cycles.depth {
        case .force(let force): depthGrams = force.gramsValue
        case .travel(let travel): depthMicrometres = travel
        }
        dwellMicros = cycles.dwellMicros
        returnMicrometres = cycles.returnTravel
    }

    /// Reads the cycles, every number within its range and exactly one depth.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        speedMicrometresPerMinute = try container.decode(Int64.self, forKey: .speedMicrometresPerMinute, in: Self.speedRange, unit: " µm/min")
        depthGrams = try container.decodeIfPresent(Double.self, forKey: .depthGrams, in: CaptureInfo.thresholdRangeGrams, unit: " g")
        depthMicrometres = try container.decodeIfPresent(Int64.self, forKey: .depthMicrometres, in: Self.travelRange, unit: " µm")
        guard (depthGrams == nil) != (depthMicrometres == nil) else {
            throw container.refusal(.depthGrams, "a stand's presses need one depth: depth_g or depth_um, not both or neither")
        }
        dwellMicros = try container.decode(Int64.self, forKey: .dwellMicros, in: Self.dwellRange, unit: " µs")
        returnMicrometres = try container.decode(Int64.self, forKey: .returnMicrometres, in: Self.travelRange, unit: " µm")
    }

    /// The stand's request for `count` presses of these cycles.
    public func cycles(count: Int) -> StandCycles {
        let depth: StandCycles.Depth = depthGrams.map { .force(Force.fromGrams($0)) } ?? .travel(depthMicrometres ?? 0)
        return StandCycles(count: count, speed: speedMicrometresPerMinute, depth: depth, dwellMicros: dwellMicros, returnTravel: returnMicrometres)
    }
}
