import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles

extension TrialAnalysis {
    /// Each press's force–travel curve from a stand trial's `stand.sample` travel and the
    /// reference readings, or without a reference the stand's gauge readings kept with the
    /// travel (``ForceTravelCurve``), in press order; empty when the recording has no travel. A press's window runs from half a second before its touch (the approach from
    /// contact) to half a second after its release, never into the presses beside it, nor out of
    /// its part of the trial (`parts`: each part's span on the joined time axis, µs; the stand
    /// was elsewhere between them), whose travel and readings alone place it.
    static func curves(
        _ records: [PressRecord], events: [RecordedEvent], references: [ReferenceSample], parts: [ClosedRange<Int64>]
    ) -> [ForceTravelCurve?] {
        let travel = events.compactMap(\.standSample)
        guard !travel.isEmpty else { return [] }
        let forces = references.isEmpty
            ? travel.compactMap { sample in sample.gaugeForce.map { (timeMicros: sample.timeMicros, force: $0) } }
            : references.map { (timeMicros: $0.timeMicros, force: $0.force) }
        let spans = parts.count > 1 ? parts : [Int64.min...Int64.max]
        let own = spans.map { span in
            func within<Element>(_ readings: [Element], time: (Element) -> Int64) -> [Element] {
                Array(readings[readings.firstIndex(notBefore: span.lowerBound, time: time)...].prefix { time($0) <= span.upperBound })
            }
            return (span: span, travel: within(travel) { $0.timeMicros }, forces: within(forces) { $0.timeMicros })
        }
        return records.indices.map { index in
            let record = records[index]
            let part = own.last { $0.span.lowerBound <= record.beganMicros } ?? own[0]
            let previousEnd = index > 0 ? records[index - 1].endedMicros ?? records[index - 1].beganMicros : Int64.min
            let nextBegan = index + 1 < records.count ? records[index + 1].beganMicros : Int64.max
            let from = max(previousEnd, record.beganMicros - Self.curveMarginMicros, part.span.lowerBound)
            let to = min(nextBegan, (record.endedMicros ?? record.beganMicros) + Self.curveMarginMicros, part.span.upperBound)
            return ForceTravelCurve(travel: part.travel, forces: part.forces, fromMicros: from, toMicros: to)
        }
    }

    /// How far before a press's touch and after its release its curve reaches (µs).
    static let curveMarginMicros: Int64 = 500_000
}
