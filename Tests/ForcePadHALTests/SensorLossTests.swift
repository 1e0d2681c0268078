import ForcePadCore
import ForcePadHAL
import Glibc
import Testing

/// A switch a test flips to make a ``FailingSource`` fail, and what the loop asked of it.
final class SensorSwitch: @unchecked Sendable {
    var failing = false
    var reads = 0
    var reconnects = 0
    var disconnects = 0
}

/// The simulated pad behind a switch: while the switch is on, every read fails with ENODEV.
struct FailingSource: FrameSource {
    var pad: SimulatedPad
    let sensor: SensorSwitch
    var cellCount: Int { pad.cellCount }

    mutating func read(into frame: inout RawFrame, at timeMicros: Int64) throws(DeviceError) {
        sensor.reads += 1
        if sensor.failing { throw DeviceError(operation: "read", errno: ENODEV, hint: "") }
        try pad.read(into: &frame, at: timeMicros)
    }

    mutating func apply(_ command: SimulationCommand, at timeMicros: Int64) -> Bool {
        pad.apply(command, at: timeMicros)
    }

    mutating func disconnect() {
        sensor.disconnects += 1
    }

    mutating func reconnect() throws(DeviceError) {
        sensor.reconnects += 1
        if sensor.failing { throw DeviceError(operation: "open", errno: ENOENT, hint: "") }
    }
}

@Suite struct SensorLossTests {
    static let faults = SensorFaultSettings(lostAfterFrames: 5, reprobeMicros: 50_000)

    struct Harness {
        let loop: ControlLoop<FailingSource, RecordingLine>
        let link: LoopLink
        let readers: LoopLinkReaders
        let sensor = SensorSwitch()
        let record = LineRecord()
        let box = ClockBox()

        init() {
            let link = LoopLink(initial: LoopSnapshot(
                cellCount: 1, recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics))
            self.link = link
            readers = LoopLinkReaders(link)
            let pad = SimulatedPad(
                board: ControlLoopTests.board(cells: 1), simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0))
            loop = ControlLoop(
                source: FailingSource(pad: pad, sensor: sensor),
                line: RecordingLine(record: record, clock: box),
                pipeline: ForcePipeline(
                    calibrations: [ControlLoopTests.calibration], geometry: .strip(cells: 1),
                    settings: ControlLoopTests.pipelineSettings),
                recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics, patterns: ControlLoopTests.bank,
                periodMicros: 1000, link: link, faults: SensorLossTests.faults)
        }

        func press(_ force: Force) {
            #expect(link.commands.push(LoopCommandEnvelope(
                sequence: 1, command: .simulate(.press(force: force, position: .center, holdMicros: 0)))))
        }

        /// Runs periods from `from` up to (not including) `to` milliseconds, the snapshot asked for in each.
        func run(fromMillis from: Int, toMillis to: Int) {
            for millis in from..<to {
                box.now = Int64(millis) * 1000
                link.ask(.snapshot)
                loop.tick(atMicros: Int64(millis) * 1000, clock: BoxedClock(box: box), originMicros: 0)
            }
        }

        /// Events as short names: `lost@ms`, `restored@ms`, `cancelled:reason`, `failed`, …
        func events() -> [String] {
            var names: [String] = []
            while let event = readers.popEvent() {
                switch event {
                case .sensorLost(let at, let errno): names.append("lost@\(at / 1000):\(errno == ENODEV ? "ENODEV" : "\(errno)")")
                case .sensorRestored(let at): names.append("restored@\(at / 1000)")
                case .readFailed: names.append("failed")
                case .press(.cancelled(_, let reason)): names.append("cancelled:\(reason.rawValue)")
                case .press(.peek): names.append("peek")
                case .press(.pop): names.append("pop")
                case .press(.began): names.append("began")
                case .haptic(.on, _): names.append("on")
                case .haptic(.off, _): names.append("off")
                default: break
                }
            }
            return names
        }
    }

    @Test func aFewFailedFramesAreDroppedWithoutLosingTheSensor() {
        let harness = Harness()
        harness.run(fromMillis: 0, toMillis: 5)
        harness.sensor.failing = true
        harness.run(fromMillis: 5, toMillis: 9)
        harness.sensor.failing = false
        harness.run(fromMillis: 9, toMillis: 20)
        #expect(harness.events() == ["failed", "failed", "failed", "failed"])
        let snapshot = harness.readers.latestSnapshot()
        #expect(!snapshot.sensorLost && snapshot.counters.readErrors == 4 && snapshot.counters.sensorLosses == 0)
    }

    @Test func losingTheSensorMidPressCancelsItAndTurnsTheActuatorOffAtOnce() {
        let harness = Harness()
        harness.press(.grams(200))
        harness.run(fromMillis: 0, toMillis: 5)
        #expect(harness.record.values == [true])
        harness.sensor.failing = true
        harness.run(fromMillis: 5, toMillis: 12)
        #expect(harness.events() == [
            "began", "peek", "on", "failed", "failed", "failed", "failed", "failed", "lost@9:ENODEV",
            "cancelled:sensor-lost", "off",
        ])
        // The 15 ms peek pulse was cut at 9 ms, when the sensor was lost.
        #expect(harness.record.calls.map(\.active) == [true, false])
        #expect(harness.record.calls.last?.atMicros == 9000)
        let snapshot = harness.readers.latestSnapshot()
        #expect(snapshot.sensorLost && snapshot.counters.sensorLosses == 1 && !snapshot.hapticLineActive)
    }

    @Test func whileLostTheSensorIsProbedAtTheReprobeIntervalAndRestoredWhenItAnswers() {
        let harness = Harness()
        harness.sensor.failing = true
        harness.run(fromMillis: 0, toMillis: 5)
        #expect(harness.events().last == "lost@4:ENODEV")
        let readsWhenLost = harness.sensor.reads
        harness.run(fromMillis: 5, toMillis: 200)
        // Probes at 54, 104, 154 ms: one reconnect each, no reads (the reconnect fails first).
        #expect(harness.sensor.reconnects == 3)
        // Let go when lost, and again after each failed attempt.
        #expect(harness.sensor.disconnects == 4)
        #expect(harness.sensor.reads == readsWhenLost)
        #expect(harness.events().isEmpty)
        harness.sensor.failing = false
        harness.press(.grams(200))
        harness.run(fromMillis: 200, toMillis: 260)
        #expect(harness.events() == ["restored@204", "began", "peek", "on", "off"])
        let snapshot = harness.readers.latestSnapshot()
        #expect(!snapshot.sensorLost && snapshot.counters.sensorLosses == 1)
    }
}
