import ForcePadCore
import Testing

/// Progress events are rate-limited: a step of 1/16 and an interval of 20 ms must both pass.
@Suite struct PressProgressTests {
    /// Thresholds whose gaps are 128 g, so 1/16 of a gap is exactly 8 g; no dwell.
    private let settings = PressRecognizerSettings(
        thresholds: Thresholds(touch: .grams(20), peek: .grams(148), pop: .grams(276)),
        hysteresis: Hysteresis(touch: .grams(5), peek: .grams(15), pop: .grams(20), dwellMicros: 0))

    private func progress(_ events: [PressEvent]) -> [PressEvent] {
        events.filter { if case .progress = $0 { true } else { false } }
    }

    @Test func aSlowRampReportsEveryStep() {
        // 0.1 g/ms: 8 g take 80 ms, so the step decides.
        var recognizer = PressRecognizer(settings: settings)
        let events = recognizer.events(for: traceFrames(milligrams: (0...3000).map { Int32($0) * 100 }))
        var expected: [PressEvent] = [.began(atMicros: 200_000, force: .grams(20), position: padCenter)]
        for step in 1...15 {
            expected.append(.progress(atMicros: Int64(200 + 80 * step) * 1000, phase: .preview, progressQ16: Int32(4096 * step)))
        }
        expected.append(.peek(atMicros: 1_480_000, force: .grams(148)))
        for step in 1...15 {
            expected.append(.progress(atMicros: Int64(1480 + 80 * step) * 1000, phase: .commit, progressQ16: Int32(4096 * step)))
        }
        expected.append(.pop(atMicros: 2_760_000, force: .grams(276)))
        #expect(events == expected)
        #expect(progress(events).count == 30)
    }

    @Test func aFastRampReportsEveryInterval() {
        // 2 g/ms: 8 g take 4 ms, so the 20 ms interval decides.
        var recognizer = PressRecognizer(settings: settings)
        let events = recognizer.events(for: traceFrames(milligrams: (0...200).map { Int32($0) * 2000 }))
        #expect(events == [
            .began(atMicros: 10_000, force: .grams(20), position: padCenter),
            .progress(atMicros: 30_000, phase: .preview, progressQ16: 20480),
            .progress(atMicros: 50_000, phase: .preview, progressQ16: 40960),
            .progress(atMicros: 70_000, phase: .preview, progressQ16: 61440),
            .peek(atMicros: 74_000, force: .grams(148)),
            .progress(atMicros: 94_000, phase: .commit, progressQ16: 20480),
            .progress(atMicros: 114_000, phase: .commit, progressQ16: 40960),
            .progress(atMicros: 134_000, phase: .commit, progressQ16: 61440),
            .pop(atMicros: 138_000, force: .grams(276)),
        ])
    }

    @Test func easingOffReportsFallingProgress() {
        let totals = milligrams(grams: Array(0...100) + (101...170).map { 200 - $0 } + Array(repeating: 30, count: 129) + [0])
        var recognizer = PressRecognizer(settings: settings)
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: 20_000, force: .grams(20), position: padCenter),
            .progress(atMicros: 40_000, phase: .preview, progressQ16: 10240),
            .progress(atMicros: 60_000, phase: .preview, progressQ16: 20480),
            .progress(atMicros: 80_000, phase: .preview, progressQ16: 30720),
            .progress(atMicros: 100_000, phase: .preview, progressQ16: 40960),
            .progress(atMicros: 120_000, phase: .preview, progressQ16: 30720),
            .progress(atMicros: 140_000, phase: .preview, progressQ16: 20480),
            .progress(atMicros: 160_000, phase: .preview, progressQ16: 10240),
            .progress(atMicros: 180_000, phase: .preview, progressQ16: 5120),
            .released(atMicros: 300_000, stage: .none),
        ])
    }

    @Test func progressSaturatesAtOneWhileTheStageDwellsThenMovesOn() {
        // With no interval, a phase reports from its opening frame; 200 g is past peek, which
        // waits 50 ms for its dwell: preview reads 1.0 until peek, then commit takes over.
        var slow = settings
        slow.hysteresis.dwellMicros = 50_000
        slow.hysteresis.touchDwellMicros = 50_000
        slow.progressIntervalMicros = 0
        var recognizer = PressRecognizer(settings: slow)
        let totals = milligrams(grams: [0] + Array(repeating: 84, count: 100) + Array(repeating: 200, count: 100))
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: 51_000, force: .grams(84), position: padCenter),
            .progress(atMicros: 51_000, phase: .preview, progressQ16: 32768),
            .progress(atMicros: 101_000, phase: .preview, progressQ16: 65536),
            .peek(atMicros: 151_000, force: .grams(200)),
            .progress(atMicros: 151_000, phase: .commit, progressQ16: 26624),
        ])
    }
}
