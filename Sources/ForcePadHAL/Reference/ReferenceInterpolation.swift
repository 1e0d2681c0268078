import ForcePadCore

/// The one rule for the reference force at a frame's time from the readings around it: a
/// reading at that time, or the line between the readings just before and just after it when
/// they are at most `maxGapMicros` apart (two sample periods), so a figure is never made up
/// across a gap. Used live (``ReferenceHistory``) and on a recording (``ReferenceReadings``).
enum ReferenceInterpolation {
    /// The force at `timeMicros` from `before` (at or before it) and `after` (after it, if any).
    static func force(
        atMicros timeMicros: Int64, before: ReferenceSample, after: ReferenceSample?, maxGapMicros: Int64
    ) -> Force? {
        if before.timeMicros == timeMicros { return before.force }
        guard let after else { return nil }
        let span = after.timeMicros - before.timeMicros
        guard span > 0, span <= maxGapMicros else { return nil }
        let numerator = (timeMicros - before.timeMicros) * (Int64(after.force.milligrams) - Int64(before.force.milligrams))
        let rounded = numerator >= 0 ? (numerator + span / 2) / span : (numerator - span / 2) / span
        return Force(milligrams: Int32(clamping: Int64(before.force.milligrams) + rounded))
    }
}
