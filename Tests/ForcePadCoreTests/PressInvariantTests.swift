import ForcePadCore
import Testing

/// The event contract's invariants hold on many random traces: random forces, ramps and
/// steps, noise, second contacts, lost contacts, moving centroids, sensor losses with gaps,
/// operator cancels and random settings, all from a seeded generator.
@Suite struct PressInvariantTests {
    private func randomSettings(_ state: inout UInt64) -> PressRecognizerSettings {
        var settings = PressRecognizerSettings.standard
        settings.hysteresis.dwellMicros = Int64(pseudoRandom(in: 0...10, &state)) * 1000
        settings.hysteresis.touchDwellMicros = Int64(pseudoRandom(in: 0...10, &state)) * 1000
        settings.multiTouchFails = pseudoRandom(in: 0...3, &state) > 0
        settings.dragSpeedQ16PerSecond = Int32(pseudoRandom(in: 0...2, &state)) * 49152
        settings.progressStepQ16 = Int32(pseudoRandom(in: 1...8, &state)) * 1024
        settings.progressIntervalMicros = Int64(pseudoRandom(in: 0...50, &state)) * 1000
        return settings
    }

    /// A trace of random segments at 1 kHz, ending with 100 ms at 0 g so every press can end:
    /// what to do with the recogniser each period, and the frame totals (mg) by time (µs).
    private func randomTrace(
        _ state: inout UInt64
    ) -> (steps: [(inout PressRecognizer, inout PressEventBuffer) -> Void], totals: [Int64: Int32]) {
        var steps: [(inout PressRecognizer, inout PressEventBuffer) -> Void] = []
        var totals: [Int64: Int32] = [:]
        var millis: Int64 = 0
        var force: Int32 = 0
        var x: Int32 = 32768
        for _ in 0..<pseudoRandom(in: 5...40, &state) {
            let target = pseudoRandom(in: 0...3, &state) == 0 ? 0 : Int32(pseudoRandom(in: 0...450, &state)) * 1000
            let length = pseudoRandom(in: 1...200, &state)
            let ramp = pseudoRandom(in: 0...1, &state) == 1
            let contacts = [1, 1, 1, 1, 1, 1, 2, 0][pseudoRandom(in: 0...7, &state)]
            let velocity = Int32(pseudoRandom(in: -200...200, &state))
            let noise = pseudoRandom(in: 0...5000, &state)
            switch pseudoRandom(in: 0...30, &state) {
            case 0:
                let time = millis * 1000
                steps.append { $0.sensorLost(atMicros: time, into: &$1) }
                millis += Int64(pseudoRandom(in: 1...50, &state))
            case 1:
                let time = millis * 1000
                steps.append { $0.cancel(reason: .command, atMicros: time, into: &$1) }
            default:
                break
            }
            let start = force
            for index in 1...length {
                let base = ramp ? start + (target - start) * Int32(index) / Int32(length) : target
                force = max(0, base + Int32(pseudoRandom(in: -noise...noise, &state)))
                x = min(max(x + velocity, 0), 65536)
                var frame = ForceFrame.at(millis: millis, milligrams: force, x: x)
                frame.contacts = force > 0 ? contacts : 0
                steps.append { $0.update(with: frame, into: &$1) }
                totals[frame.timeMicros] = force
                millis += 1
            }
        }
        for _ in 0..<100 {
            let frame = ForceFrame.at(millis: millis, milligrams: 0)
            steps.append { $0.update(with: frame, into: &$1) }
            totals[frame.timeMicros] = 0
            millis += 1
        }
        return (steps, totals)
    }

    /// Every broken invariant in `events`, described; empty when all hold.
    private func violations(
        of events: [PressEvent], totals: [Int64: Int32], settings: PressRecognizerSettings
    ) -> [String] {
        var problems: [String] = []
        var pressing = false
        var stage = PressStage.none
        var lastTime = Int64.min
        var lastProgressOrStage = Int64.min
        var cancelledAt: Int64?
        let releaseLevel = settings.thresholds.touch.milligrams - settings.hysteresis.touch.milligrams
        let thresholds = settings.thresholds
        /// Whether every frame from `time` − the threshold's dwell to `time` exists and is at or above `threshold`.
        func heldForDwell(_ threshold: Force, at time: Int64) -> Bool {
            let dwell = threshold == thresholds.touch ? settings.hysteresis.touchDwellMicros : settings.hysteresis.dwellMicros
            return stride(from: time - dwell, through: time, by: 1000).allSatisfy { (totals[$0] ?? -1) >= threshold.milligrams }
        }

        for event in events {
            let time = event.timeMicros
            if time < lastTime { problems.append("time goes back at \(event)") }
            lastTime = time
            switch event {
            case .began(_, let force, _):
                if pressing { problems.append("began inside a press: \(event)") }
                if force < thresholds.touch || !heldForDwell(thresholds.touch, at: time) { problems.append("began early: \(event)") }
                if let cancelled = cancelledAt,
                    !stride(from: cancelled, to: time, by: 1000).contains(where: { (totals[$0] ?? .max) < releaseLevel })
                {
                    problems.append("began after a cancel without a lift: \(event)")
                }
                cancelledAt = nil
                pressing = true
                stage = .none
                lastProgressOrStage = time
            case .progress(_, let phase, let q16):
                if !pressing { problems.append("progress outside a press: \(event)") }
                if !(0...65536).contains(q16) { problems.append("progress out of range: \(event)") }
                if phase == .preview && stage != .none { problems.append("preview after peek: \(event)") }
                if phase == .commit && stage != .peek { problems.append("commit outside peek: \(event)") }
                if time - lastProgressOrStage < settings.progressIntervalMicros { problems.append("progress too soon: \(event)") }
                lastProgressOrStage = time
            case .peek(_, let force):
                if !pressing || stage != .none { problems.append("peek out of order: \(event)") }
                if force < thresholds.peek || !heldForDwell(thresholds.peek, at: time) { problems.append("peek early: \(event)") }
                stage = .peek
                lastProgressOrStage = time
            case .pop(_, let force):
                if !pressing || stage != .peek { problems.append("pop out of order: \(event)") }
                if force < thresholds.pop || !heldForDwell(thresholds.pop, at: time) { problems.append("pop early: \(event)") }
                stage = .pop
            case .released(_, let released):
                if !pressing { problems.append("released without a press: \(event)") }
                if released != stage { problems.append("released reports \(released), reached \(stage)") }
                pressing = false
            case .cancelled:
                if !pressing { problems.append("cancelled without a press: \(event)") }
                pressing = false
                cancelledAt = time
            }
        }
        if pressing { problems.append("a press never ended") }
        return problems
    }

    @Test func invariantsHoldOnRandomTraces() {
        var state: UInt64 = 0x5EED
        var seen: [String: Int] = [:]
        for traceIndex in 0..<300 {
            let settings = randomSettings(&state)
            var recognizer = PressRecognizer(settings: settings)
            var buffer = PressEventBuffer()
            var events: [PressEvent] = []
            let trace = randomTrace(&state)
            for step in trace.steps {
                buffer.removeAll()
                step(&recognizer, &buffer)
                events += buffer
            }
            #expect(buffer.droppedCount == 0)
            let problems = violations(of: events, totals: trace.totals, settings: settings)
            #expect(problems.isEmpty, "trace \(traceIndex): \(problems.prefix(3))")
            for event in events {
                switch event {
                case .began: seen["began", default: 0] += 1
                case .progress: seen["progress", default: 0] += 1
                case .peek: seen["peek", default: 0] += 1
                case .pop: seen["pop", default: 0] += 1
                case .released(_, let stage): seen["released " + stage.rawValue, default: 0] += 1
                case .cancelled(_, let reason): seen["cancelled " + reason.rawValue, default: 0] += 1
                }
            }
        }
        // The traces must reach every event, release stage and cancel reason, or they prove little.
        #expect(seen.count == 11 && seen.values.allSatisfy { $0 >= 50 }, "\(seen)")
    }
}
