/// Something that happened while a recording ran and that makes untrustworthy what a press
/// measured at that time: loop periods without a frame (missed by the loop or dropped by the
/// recorder), a gap in the reference sensor's readings, or a lost sensor. It spans from the
/// last good sample before it to the first good one after it (µs, loop clock).
public struct TrialDisturbance: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// Periods with no frame in the frames file.
        case framesMissing = "frames_missing"
        /// Reference readings further apart than two of the sensor's periods.
        case referenceGap = "reference_gap"
        /// The pad's sensor stopped answering (`sensor.lost` to `sensor.restored`).
        case sensorLost = "sensor_lost"
        /// The reference sensor stopped answering (`reference.lost` to `reference.restored`).
        case referenceLost = "reference_lost"

        /// Whether the pad's filtered force carries the loss for a while after it (frames
        /// the filter never got), so presses that begin soon after are touched too.
        public var reachesThroughFilter: Bool { self == .framesMissing || self == .sensorLost }
    }

    public let kind: Kind
    /// Last good sample before the disturbance (µs).
    public let startMicros: Int64
    /// First good sample after it (µs); the recording's end when it never ended.
    public let endMicros: Int64
    /// Frames missing (``Kind/framesMissing``), else nil.
    public let frames: Int?

    public init(kind: Kind, startMicros: Int64, endMicros: Int64, frames: Int? = nil) {
        self.kind = kind
        self.startMicros = startMicros
        self.endMicros = endMicros
        self.frames = frames
    }

    /// What it was, for a report line: `3 frames missing`, `reference gap 117ms`.
    public var summary: String {
        let span = FixedDecimal.format(endMicros - startMicros, scale: 3)
        switch kind {
        case .framesMissing: return "\(CountText.of(frames ?? 0, "frame")) missing"
        case .referenceGap: return "reference gap \(span)ms"
        case .sensorLost: return "sensor lost for \(span)ms"
        case .referenceLost: return "reference lost for \(span)ms"
        }
    }

    /// Runs of missing frames in frame times `timesMicros` (increasing) at `periodMicros`: a
    /// step of n periods (rounded) between two frames is n − 1 frames missing.
    public static func missingFrames(timesMicros: [Int64], periodMicros: Int64) -> [TrialDisturbance] {
        guard periodMicros > 0 else { return [] }
        var found: [TrialDisturbance] = []
        for (before, after) in zip(timesMicros, timesMicros.dropFirst()) {
            let step = after.subtractingReportingOverflow(before)
            guard !step.overflow else { continue }
            let missing = (step.partialValue + periodMicros / 2) / periodMicros - 1
            if missing >= 1 {
                found.append(TrialDisturbance(kind: .framesMissing, startMicros: before, endMicros: after, frames: Int(clamping: missing)))
            }
        }
        return found
    }

    /// Gaps in reference reading times `timesMicros` (increasing) longer than two of the
    /// sensor's periods `periodMicros`: the sensor fell behind or its thread was starved. The
    /// recording's own span, `startMicros` to `endMicros`, bounds the first and last gap (a
    /// sensor that stopped answering before the end, or had not answered yet).
    public static func referenceGaps(timesMicros: [Int64], periodMicros: Int64, startMicros: Int64, endMicros: Int64) -> [TrialDisturbance] {
        guard periodMicros > 0 else { return [] }
        let bounded = [startMicros] + timesMicros + [endMicros]
        return zip(bounded, bounded.dropFirst()).compactMap { before, after in
            let step = after.subtractingReportingOverflow(before)
            guard !step.overflow, isReferenceGap(stepMicros: step.partialValue, periodMicros: periodMicros) else { return nil }
            return TrialDisturbance(kind: .referenceGap, startMicros: before, endMicros: after)
        }
    }

    /// Whether readings `stepMicros` apart, from a sensor with a reading every
    /// `periodMicros`, leave a gap: more than two periods (the one rule for `status`, `probe`
    /// and reports).
    public static func isReferenceGap(stepMicros: Int64, periodMicros: Int64) -> Bool {
        let twice = periodMicros.multipliedReportingOverflow(by: 2)
        return periodMicros > 0 && !twice.overflow && stepMicros > twice.partialValue
    }

    /// Spans from each `lost` to the next `restored` in `events` (time, name; in time
    /// order), the last one to `endMicros` when it was never restored.
    public static func losses(
        _ events: [(timeMicros: Int64, name: String)], lost: String, restored: String, kind: Kind, endMicros: Int64
    ) -> [TrialDisturbance] {
        var found: [TrialDisturbance] = []
        var since: Int64?
        for event in events {
            if event.name == lost, since == nil { since = event.timeMicros }
            if event.name == restored, let start = since {
                found.append(TrialDisturbance(kind: kind, startMicros: start, endMicros: event.timeMicros))
                since = nil
            }
        }
        if let start = since { found.append(TrialDisturbance(kind: kind, startMicros: start, endMicros: max(start, endMicros))) }
        return found
    }
}
