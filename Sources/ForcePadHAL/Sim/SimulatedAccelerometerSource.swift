import ForcePadCore

/// The `sim` board's accelerometer (`[accelerometer]` without a bus): a ``SimulatedADXL345``
/// on a ``SimulatedActuator`` driven by what the haptic line does. Each edge of the line
/// comes through ``SimulatedActuatorInput``; a rising edge either drives the actuator at its
/// rated level until the line goes off (a line through a transistor), or, with a simulated
/// DRV2605L on IN/TRIG (``SimulatedDRV2605LPlayback``), plays the sequence the chip holds.
///
/// Every ``batchMicros`` it produces the samples due up to ``lagMicros`` ago, stamped on
/// CLOCK_MONOTONIC at the exact sample times (no stamp uncertainty), so the edges the loop
/// pushed by then are in the drive. Seeded: the same presses give the same samples.
public struct SimulatedAccelerometerSource: AccelerometerSource, ~Copyable {
    public let name = "sim accelerometer"
    public var samplesPerSecond: Int64 { SimulatedADXL345.samplesPerSecond }
    public var stampUncertaintyMicros: Int64 { 0 }
    /// How often samples are produced (µs): a FIFO's worth at 3200 Hz is 10 ms.
    static let batchMicros: Int64 = 5_000
    /// How far behind now the newest sample is (µs), so the loop's edges have arrived.
    static let lagMicros: Int64 = 2_000
    private var chip: SimulatedADXL345
    private var actuator: SimulatedActuator
    private var schedule = SimulatedDriveSchedule()
    private var edges: SPSCRingConsumer<SimulatedLineEdge>
    private let playback: SimulatedDRV2605LPlayback?
    private var pacer = MonotonicClock()
    /// The next sample's index (its time is ``firstMicros`` + index × 312.5 µs).
    private var nextIndex: Int64 = 0
    private let firstMicros: Int64

    /// Samples `actuator` (kind and rated amplitude) through a simulated ADXL345 at `range`,
    /// driven by the edges `input` carries, played through `playback` when a DRV2605L takes them.
    /// Nil when `input`'s edges already have a consumer.
    public init?(
        input: SimulatedActuatorInput, actuator: SimulatedActuatorKind, ratedMilliG: Int32, range: AccelerometerRange,
        playback: SimulatedDRV2605LPlayback?, seed: UInt64
    ) {
        guard let edges = input.edges.takeConsumer() else { return nil }
        self.edges = edges
        self.playback = playback
        chip = SimulatedADXL345(seed: seed ^ 0xACCE_1000_0000_0001, range: range)
        let now = MonotonicClock().nowMicros()
        firstMicros = now
        self.actuator = SimulatedActuator(kind: actuator, ratedMilliG: ratedMilliG, startMicros: now)
    }

    public mutating func read(into output: inout MutableSpan<AccelerationSample>) throws(AccelerometerError) -> Int {
        pacer.sleep(untilMicros: pacer.nowMicros() + Self.batchMicros)
        while let edge = edges.pop() { follow(edge) }
        let newest = pacer.nowMicros() - Self.lagMicros
        var count = 0
        while count < output.count {
            let time = firstMicros + nextIndex * 1_000_000 / samplesPerSecond
            guard time <= newest else { break }
            output[count] = chip.sample(&actuator, under: schedule, at: time)
            count += 1
            nextIndex += 1
        }
        schedule.forget(before: actuator.nowMicros)
        return count
    }

    private mutating func follow(_ edge: SimulatedLineEdge) {
        if let playback {
            guard edge.on else { return }
            for drive in playback.drives(startingAt: edge.timeMicros) { schedule.add(drive) }
        } else if edge.on {
            schedule.add(SimulatedDrive(startMicros: edge.timeMicros, durationMicros: SimulatedDriveSchedule.openEndedMicros))
        } else {
            schedule.end(atMicros: edge.timeMicros)
        }
    }
}
