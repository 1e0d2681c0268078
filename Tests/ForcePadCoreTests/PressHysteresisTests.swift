import ForcePadCore
import Testing

/// Hovering right at a threshold with noise inside the band yields exactly one stage event.
@Suite struct PressHysteresisTests {
    /// `hoverMillis` frames at `level` plus uniform noise of ±`amplitude` (mg), then 0 g.
    private func hover(at level: Force, amplitude: Int32, hoverMillis: Int = 1000, seed: UInt64) -> [Int32] {
        var state = seed
        let noisy = (0..<hoverMillis).map { _ in
            level.milligrams + Int32(pseudoRandom(in: -Int(amplitude)...Int(amplitude), &state))
        }
        return noisy + Array(repeating: 0, count: 5)
    }

    /// Index of the first total at or above `threshold`.
    private func firstIndex(of totals: [Int32], reaching threshold: Force) throws -> Int {
        try #require(totals.firstIndex { $0 >= threshold.milligrams })
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func hoverAtTouchBeginsOnceAndNeverChatters(seed: UInt64) throws {
        let settings = PressRecognizerSettings.standard(dwellMicros: 0)
        let totals = hover(at: settings.thresholds.touch, amplitude: settings.hysteresis.touch.milligrams / 2, seed: seed)
        let began = try firstIndex(of: totals, reaching: settings.thresholds.touch)
        var recognizer = PressRecognizer(settings: settings)
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: Int64(began) * 1000, force: Force(milligrams: totals[began]), position: padCenter),
            .released(atMicros: 1_000_000, stage: .none),
        ])
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func hoverAtPeekPeeksOnce(seed: UInt64) throws {
        let settings = PressRecognizerSettings.standard(dwellMicros: 0)
        let totals = hover(at: settings.thresholds.peek, amplitude: settings.hysteresis.peek.milligrams / 2, seed: seed)
        let peek = try firstIndex(of: totals, reaching: settings.thresholds.peek)
        try #require(peek < 20)  // the trace design: no preview progress before peek
        var recognizer = PressRecognizer(settings: settings)
        #expect(recognizer.events(for: traceFrames(milligrams: Array(totals.dropLast(5)))) == [
            .began(atMicros: 0, force: Force(milligrams: totals[0]), position: padCenter),
            .peek(atMicros: Int64(peek) * 1000, force: Force(milligrams: totals[peek])),
        ])
        #expect(recognizer.isDeepestStageHeld)
        #expect(recognizer.events(for: traceFrames(milligrams: [0], startMillis: 1000)) == [
            .released(atMicros: 1_000_000, stage: .peek)
        ])
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func hoverAtPopPopsOnce(seed: UInt64) throws {
        let settings = PressRecognizerSettings.standard(dwellMicros: 0)
        let totals = hover(at: settings.thresholds.pop, amplitude: settings.hysteresis.pop.milligrams / 2, seed: seed)
        let pop = try firstIndex(of: totals, reaching: settings.thresholds.pop)
        try #require(pop < 20)  // the trace design: no commit progress before pop
        var recognizer = PressRecognizer(settings: settings)
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: 0, force: Force(milligrams: totals[0]), position: padCenter),
            .peek(atMicros: 0, force: Force(milligrams: totals[0])),
            .pop(atMicros: Int64(pop) * 1000, force: Force(milligrams: totals[pop])),
            .released(atMicros: 1_000_000, stage: .pop),
        ])
    }

    @Test func hoverWithDwellFiresOnceAtTheFirstRunAsLongAsTheDwell() throws {
        let settings = PressRecognizerSettings.standard(dwellMicros: 5_000)
        let totals = hover(at: settings.thresholds.touch, amplitude: settings.hysteresis.touch.milligrams / 2, seed: 7)
        // Reference: the first frame ending six consecutive frames (0…5 ms) at or above touch.
        let touch = settings.thresholds.touch.milligrams
        let began = try #require((5..<totals.count).first { end in totals[(end - 5)...end].allSatisfy { $0 >= touch } })
        var recognizer = PressRecognizer(settings: settings)
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: Int64(began) * 1000, force: Force(milligrams: totals[began]), position: padCenter),
            .released(atMicros: 1_000_000, stage: .none),
        ])
    }

    @Test func noiseWiderThanTheBandDoesChatter() {
        // The same hover with noise of ±2 bands: touch is left and re-entered, so the band is what holds it.
        let settings = PressRecognizerSettings.standard(dwellMicros: 0)
        let totals = hover(at: settings.thresholds.touch, amplitude: settings.hysteresis.touch.milligrams * 2, seed: 1)
        var recognizer = PressRecognizer(settings: settings)
        let began = recognizer.events(for: traceFrames(milligrams: totals)).filter {
            if case .began = $0 { true } else { false }
        }
        #expect(began.count > 10)
    }
}
