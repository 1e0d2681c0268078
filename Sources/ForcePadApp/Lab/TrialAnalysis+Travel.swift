import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles

extension TrialAnalysis {
    /// Each press's force–travel curve from a stand trial's `stand.sample` travel and the
    /// reference readings, or without a reference the stand's gauge readings kept with the
    /// travel (``ForceTravelCurve``), in press order; empty when the recording has no travel. A press's window runs from half a second before its touch (the approach from
    /// contact) to half a second after its release, never into the presses beside it.
    static func curves(_ records: [PressRecord], events: [RecordedEvent], references: [ReferenceSample]) -> [ForceTravelCurve?] {
        let travel = events.compactMap(\.standSample)
        guard !travel.isEmpty else { return [] }
        let forces = references.isEmpty
            ? travel.compactMap { sample in sample.gaugeForce.map { (timeMicros: sample.timeMicros, force: $0) } }
            : references.map { (timeMicros: $0.timeMicros, force: $0.force) }
        return records.indices.map { index in
            let record = records[index]
            let previousEnd = index > 0 ? records[index - 1].endedMicros ?? records[index - 1].beganMicros : Int64.min
            let nextBegan = index + 1 < records.count ? records[index + 1].beganMicros : Int64.max
            let from = max(previousEnd, record.beganMicros - Self.curveMarginMicros)
            let to = min(nextBegan, (record.endedMicros ?? record.beganMicros) + Self.curveMarginMicros)
            return ForceTravelCurve(travel: travel, forces: forces, fromMicros: from, toMicros: to)
        }
    }

    /// How far before a press's touch and after its release its curve reaches (µs).
    static let curveMarginMicros: Int64 = 500_000
}
