/// Which presses of a recording a disturbance touched, so a verdict judges the others
/// instead of none. A press is touched by a disturbance that overlaps it from its touch to
/// its end — and, for a loss of the pad's frames, also by one in the settling time before
/// its touch: frames the filter never got still move the filtered force for that long
/// (``FilterDelay/settleMicros``). A loss after a press ended changes nothing it measured.
public struct PressScreening: Sendable, Equatable {
    /// A press left out of the verdict: its 1-based number and what touched it.
    public struct Exclusion: Sendable, Equatable {
        public let press: Int
        public let disturbances: [TrialDisturbance]
    }

    public let exclusions: [Exclusion]
    /// Presses screened.
    public let presses: Int
    /// The numbers of the presses left out (from 1), to answer ``isExcluded(index:)`` at once.
    private let excluded: Set<Int>

    /// Screens `records` against `disturbances`; an unfinished press lasts to `endMicros`.
    public init(records: [PressRecord], disturbances: [TrialDisturbance], settleMicros: Int64, endMicros: Int64) {
        presses = records.count
        exclusions = records.enumerated().compactMap { index, record in
            let touching = disturbances.filter { disturbance in
                let lead = disturbance.kind.reachesThroughFilter ? settleMicros : 0
                let from = record.beganMicros.subtractingReportingOverflow(lead)
                let start = from.overflow ? Int64.min : from.partialValue
                let end = record.endedMicros ?? max(record.beganMicros, endMicros)
                return disturbance.startMicros < end && disturbance.endMicros > start
            }
            return touching.isEmpty ? nil : Exclusion(press: index + 1, disturbances: touching)
        }
        excluded = Set(exclusions.map(\.press))
    }

    /// Whether press `index` (0-based, as in the records) is left out.
    public func isExcluded(index: Int) -> Bool { excluded.contains(index + 1) }

    /// Presses the verdict judges.
    public var judged: Int { presses - exclusions.count }
}
