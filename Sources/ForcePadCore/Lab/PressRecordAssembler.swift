/// Builds ``PressRecord``s from a capture: press events and stage haptic edges in the
/// order they happened, then the frame totals that lie within each press (for the peak
/// and for chatter).
public struct PressRecordAssembler: Sendable {
    public private(set) var records: [PressRecord] = []
    /// Index in ``records`` of the press in progress.
    private var open: Int?

    public init() {}

    /// Adds a press event (progress events are ignored).
    public mutating func add(_ event: PressEvent) {
        switch event {
        case .began(let time, let force, _):
            records.append(PressRecord(beganMicros: time, beganForce: force))
            open = records.count - 1
        case .progress:
            break
        case .peek(let time, let force):
            if let open { records[open].peek = StageFiring(timeMicros: time, force: force) }
        case .pop(let time, let force):
            if let open { records[open].pop = StageFiring(timeMicros: time, force: force) }
        case .released(let time, let stage):
            finish(at: time, as: .released(stage))
        case .cancelled(let time, let reason):
            finish(at: time, as: .cancelled(reason))
        }
    }

    /// Adds a rising haptic edge of `stage`'s pattern in the period at `timeMicros`, whose GPIO
    /// call returned at `lineMicros` (µs, loop clock). The first such edge at or after the
    /// stage fired (the same period, unless the line's minimum off time held it back) gives
    /// the firing its stage→line latency (`stage_to_line_us`), `lineMicros` − the firing's frame time.
    public mutating func addHapticOn(stage: PressStage, atMicros timeMicros: Int64, lineMicros: Int64) {
        guard let index = records.lastIndex(where: { $0.beganMicros <= timeMicros }) else { return }
        switch stage {
        case .peek:
            if let fired = records[index].peek, fired.timeMicros <= timeMicros, fired.latencyMicros == nil {
                records[index].peek?.latencyMicros = lineMicros - fired.timeMicros
            }
        case .pop:
            if let fired = records[index].pop, fired.timeMicros <= timeMicros, fired.latencyMicros == nil {
                records[index].pop?.latencyMicros = lineMicros - fired.timeMicros
            }
        case .none:
            break
        }
    }

    /// Gives the firing of `stage` in the frame at `stageMicros` what the accelerometer felt
    /// of its click (`haptic.felt`, which comes after the press's later events).
    public mutating func addFelt(stage: PressStage, stageMicros: Int64, felt: StageFelt) {
        guard let index = records.lastIndex(where: { $0.beganMicros <= stageMicros }) else { return }
        switch stage {
        case .peek where records[index].peek?.timeMicros == stageMicros: records[index].peek?.felt = felt
        case .pop where records[index].pop?.timeMicros == stageMicros: records[index].pop?.felt = felt
        default: break
        }
    }

    /// Measures peak force (and its frame and place) and chatter of every press from the frames of `series`,
    /// against `thresholds` (the ones the capture ran with).
    public mutating func measure(_ series: ForceSeries, thresholds: Thresholds) {
        for index in records.indices {
            let record = records[index]
            let end = record.endedMicros ?? Int64.max
            let frames = series.indices(from: record.beganMicros, through: end)
            guard !frames.isEmpty else { continue }
            var peak = frames.lowerBound
            for frame in frames where series.totals[frame] > series.totals[peak] { peak = frame }
            records[index].peakForce = Force(milligrams: max(record.peakForce.milligrams, series.totals[peak]))
            records[index].peakMicros = series.timesMicros[peak]
            records[index].peakPlace = series.places[peak]
            if let peek = record.peek {
                records[index].peek?.chatter = series.upwardCrossings(of: thresholds.peek, after: peek.timeMicros, through: end)
            }
            if let pop = record.pop {
                records[index].pop?.chatter = series.upwardCrossings(of: thresholds.pop, after: pop.timeMicros, through: end)
            }
        }
    }

    private mutating func finish(at time: Int64, as ending: PressRecord.Ending) {
        guard let index = open else { return }
        records[index].endedMicros = time
        records[index].ending = ending
        open = nil
    }
}
