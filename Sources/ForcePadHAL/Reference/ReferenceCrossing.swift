import ForcePadCore

/// The one rule for when the true force (the reference sensor) crossed a threshold upward
/// that the stage fired on: the start of the run of readings at or above the threshold that
/// holds the stage's frame (or, when the force was still below it at the frame, the pair of
/// readings around the frame, for a pad that fired before the true force arrived). The
/// crossing time is on the line between the last reading below the threshold and the first
/// at or above it (a reading exactly at the threshold is the crossing). The uncertainty of the time
/// is one sample period of the reference: the force between two readings is not measured.
///
/// No crossing is given (nil) when the force was already at or above the threshold at the
/// window's start (the press's), when the first reading after the frame is still below it (the
/// pad fired more than a sample period before the true force got there, or the true force never
/// did: no crossing before the firing to measure from), or when a gap wider than
/// `maxGapMicros` (two sample periods) lies between the crossing and the stage's frame: the force may have dipped and crossed again unseen in the gap. Used
/// live (``ReferenceHistory``) and on a recording (``ReferenceReadings``).
enum ReferenceCrossing {
    /// Time (µs, loop clock) of the last upward crossing of `threshold` for a stage whose frame
    /// was at `stageMicros`, looking back no further than `windowStartMicros`; readings are
    /// `sample(0) … sample(count - 1)`, oldest first.
    static func lastUpward(
        of threshold: Force, stageMicros: Int64, windowStartMicros: Int64, maxGapMicros: Int64,
        count: Int, sample: (Int) -> ReferenceSample
    ) -> Int64? {
        // The newest reading at or before the stage's frame.
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if sample(middle).timeMicros <= stageMicros { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let level = threshold.milligrams
        var newer = low - 1
        if sample(newer).force.milligrams < level {
            // Below at the frame: the pair that straddles it holds the crossing (a pad that
            // fires before the true force arrives), or there is none.
            guard newer + 1 < count else { return nil }
            return crossing(from: sample(newer), to: sample(newer + 1), level: level, windowStartMicros: windowStartMicros, maxGapMicros: maxGapMicros)
        }
        // At or above at the frame: back through the run of readings at or above the threshold.
        while newer > 0 {
            let before = sample(newer - 1)
            guard before.timeMicros >= windowStartMicros, sample(newer).timeMicros - before.timeMicros <= maxGapMicros else { return nil }
            if before.force.milligrams < level {
                return crossing(from: before, to: sample(newer), level: level, windowStartMicros: windowStartMicros, maxGapMicros: maxGapMicros)
            }
            newer -= 1
        }
        return nil
    }

    /// Where the line from `before` (below `level`, mg) to `after` reaches `level`, rounded to
    /// the µs; nil when `after` is below it, the two are too far apart, or `before` is older
    /// than the window.
    private static func crossing(
        from before: ReferenceSample, to after: ReferenceSample, level: Int32, windowStartMicros: Int64, maxGapMicros: Int64
    ) -> Int64? {
        let span = after.timeMicros - before.timeMicros
        guard after.force.milligrams >= level, before.timeMicros >= windowStartMicros, span > 0, span <= maxGapMicros else { return nil }
        let rise = Int64(after.force.milligrams) - Int64(before.force.milligrams)
        let numerator = (Int64(level) - Int64(before.force.milligrams)) * span
        return before.timeMicros + (numerator + rise / 2) / rise
    }
}
