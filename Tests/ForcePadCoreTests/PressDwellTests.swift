import ForcePadCore
import Testing

@Suite struct PressDwellTests {
    /// A step from 0 to 200 g at 10 ms: began and peek fire exactly one dwell later.
    @Test(arguments: [0, 1_000, 5_000, 7_000, 20_000] as [Int64])
    func dwellDelaysEachStageByExactlyTheDwell(dwellMicros: Int64) {
        let totals = milligrams(grams: Array(repeating: 0, count: 10) + Array(repeating: 200, count: 40) + [0])
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: dwellMicros))
        let events = recognizer.events(for: traceFrames(milligrams: totals))
        let fired = 10_000 + dwellMicros
        #expect(Array(events.prefix(2)) == [
            .began(atMicros: fired, force: .grams(200), position: padCenter),
            .peek(atMicros: fired, force: .grams(200)),
        ])
        #expect(events.last == .released(atMicros: 50_000, stage: .peek))
    }

    @Test func aSpikeShorterThanTheDwellFiresNothing() {
        let totals = milligrams(grams: Array(repeating: 0, count: 10) + Array(repeating: 400, count: 5) + Array(repeating: 0, count: 10))
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        #expect(recognizer.events(for: traceFrames(milligrams: totals)).isEmpty)
    }

    @Test func theDwellRestartsWhenTheForceDipsBelowTheThreshold() {
        // 160 g from 10 ms, one frame at 145 g (below peek 150 g) at 13 ms.
        let totals = milligrams(grams: Array(repeating: 0, count: 10) + [160, 160, 160, 145] + Array(repeating: 160, count: 20))
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        #expect(Array(recognizer.events(for: traceFrames(milligrams: totals)).prefix(2)) == [
            .began(atMicros: 15_000, force: .grams(160), position: padCenter),
            .peek(atMicros: 19_000, force: .grams(160)),
        ])
    }

    /// Thresholds out of order (settings made without the rules' check): a frame with no press
    /// at or above a threshold below touch still starts that threshold's dwell, as every
    /// frame does; only a frame below all three leaves every dwell restarted.
    @Test func aFrameWithNoPressAboveALowPeekStartsPeeksDwell() {
        var settings = PressRecognizerSettings.standard(dwellMicros: 5_000)
        settings.hysteresis.touchDwellMicros = 0
        settings.thresholds.touch = .grams(100)
        settings.thresholds.peek = .grams(60)
        // 80 g (above peek, below touch) from 10 ms, 200 g from 20 ms.
        let totals = milligrams(grams: Array(repeating: 0, count: 10) + Array(repeating: 80, count: 10) + Array(repeating: 200, count: 10))
        var recognizer = PressRecognizer(settings: settings)
        #expect(Array(recognizer.events(for: traceFrames(milligrams: totals)).prefix(2)) == [
            .began(atMicros: 20_000, force: .grams(200), position: padCenter),
            .peek(atMicros: 20_000, force: .grams(200)),
        ])
    }

    /// Thresholds changed after the recogniser was made hold from the next frame, idle frames too.
    @Test func aLowerTouchSetLaterBeginsAPressBelowTheOldOne() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 0))
        let light = traceFrames(milligrams: milligrams(grams: [15, 15]))
        #expect(recognizer.events(for: [light[0]]).isEmpty)
        recognizer.settings.thresholds.touch = .grams(10)
        #expect(recognizer.events(for: [light[1]]) == [.began(atMicros: 1000, force: .grams(15), position: padCenter)])
    }

    @Test func popNeverFiresBeforePeekEvenWhenItsOwnDwellHasPassed() {
        // Peek is set above the force mid-press, then lowered again: pop, held all along, waits for peek.
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        recognizer.settings.thresholds.peek = .grams(500)
        let press = traceFrames(milligrams: milligrams(grams: Array(repeating: 400, count: 40)))
        #expect(recognizer.events(for: Array(press[0..<20])) == [
            .began(atMicros: 5000, force: .grams(400), position: padCenter)
        ])
        recognizer.settings.thresholds.peek = .grams(150)
        #expect(recognizer.events(for: Array(press[20...])) == [
            .peek(atMicros: 25_000, force: .grams(400)),
            .pop(atMicros: 25_000, force: .grams(400)),
        ])
    }
}
