import ForcePadCore
import Testing

/// The pad's centre, Q16.
let padCenter = PadPosition(x: 1 << 15, y: 1 << 15)

extension ForceFrame {
    /// A frame of a one-cell pad at `millis` ms: total `milligrams`, one contact region while
    /// any force is present, centroid at `x` (Q16) on the middle row.
    static func at(millis: Int64, milligrams: Int32, x: Int32 = 1 << 15) -> ForceFrame {
        var frame = ForceFrame(cellCount: 1)
        frame.cellMilligrams[0] = milligrams
        frame.total = Force(milligrams: milligrams)
        frame.contacts = milligrams > 0 ? 1 : 0
        frame.centroid = PadPosition(x: x, y: 1 << 15)
        frame.timeMicros = millis * 1000
        frame.sequence = UInt64(millis)
        return frame
    }
}

/// A 1 kHz trace: one frame per millisecond from `startMillis`, with these totals (mg).
func traceFrames(milligrams: [Int32], startMillis: Int64 = 0) -> [ForceFrame] {
    milligrams.enumerated().map { ForceFrame.at(millis: startMillis + Int64($0.offset), milligrams: $0.element) }
}

/// Whole grams as milligrams, for trace literals.
func milligrams(grams values: [Int]) -> [Int32] {
    values.map { Int32($0) * 1000 }
}

/// One SplitMix64 step: a reproducible pseudo-random sequence for synthetic noise and traces.
func splitMix64(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// A pseudo-random integer in `range` from the SplitMix64 sequence in `state`.
func pseudoRandom(in range: ClosedRange<Int>, _ state: inout UInt64) -> Int {
    range.lowerBound + Int(splitMix64(&state) % UInt64(range.count))
}

extension PressRecognizerSettings {
    /// The standard settings with the dwell at every threshold, touch's as well, set to `dwellMicros`.
    static func standard(dwellMicros: Int64) -> PressRecognizerSettings {
        var settings = PressRecognizerSettings.standard
        settings.hysteresis.dwellMicros = dwellMicros
        settings.hysteresis.touchDwellMicros = dwellMicros
        return settings
    }
}

extension PressRecognizer {
    /// Feeds `frames` one loop period at a time and returns every event, in order.
    mutating func events(for frames: [ForceFrame]) -> [PressEvent] {
        var buffer = PressEventBuffer()
        var all: [PressEvent] = []
        for frame in frames {
            buffer.removeAll()
            update(with: frame, into: &buffer)
            all += buffer
        }
        return all
    }
}

@Suite struct PressRecognizerTests {
    @Test func standardSettingsAreTheControllerDefaults() {
        let settings = PressRecognizerSettings.standard
        #expect(settings.thresholds == Thresholds(touch: .grams(20), peek: .grams(150), pop: .grams(300)))
        #expect(settings.hysteresis == .standard)
        #expect(settings.multiTouchFails)
        #expect(settings.dragSpeedQ16PerSecond == 65536)
        #expect(settings.dragWindowMicros == 40_000)
        #expect(settings.progressStepQ16 == 4096)
        #expect(settings.progressIntervalMicros == 20_000)
    }

    /// 0 → 400 g at 1 g/ms, held, back to 0 at 1 g/ms; standard settings (dwell 5 ms).
    @Test func slowPressThroughPopAndRelease() {
        let totals = milligrams(grams: Array(repeating: 0, count: 10) + Array(0...400) + Array(repeating: 400, count: 99)
            + Array((0...400).reversed()) + Array(repeating: 0, count: 10))
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))

        var expected: [PressEvent] = [.began(atMicros: 35_000, force: .grams(25), position: padCenter)]
        for (millis, q16) in zip([55, 75, 95, 115, 135, 155], [12603, 22685, 32768, 42850, 52932, 63015] as [Int32]) {
            expected.append(.progress(atMicros: Int64(millis) * 1000, phase: .preview, progressQ16: q16))
        }
        expected.append(.peek(atMicros: 165_000, force: .grams(155)))
        for (millis, q16) in zip(
            [185, 205, 225, 245, 265, 285, 305], [10922, 19660, 28398, 37137, 45875, 54613, 63351] as [Int32])
        {
            expected.append(.progress(atMicros: Int64(millis) * 1000, phase: .commit, progressQ16: q16))
        }
        expected.append(.pop(atMicros: 315_000, force: .grams(305)))
        expected.append(.released(atMicros: 896_000, stage: .pop))

        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == expected)
        #expect(recognizer.state == .idle)
    }

    @Test func stateAndProgressFollowThePressForStatus() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        let ramp = traceFrames(milligrams: milligrams(grams: Array(0...400)))
        _ = recognizer.events(for: Array(ramp[0...100]))
        #expect(recognizer.state == .touching)
        #expect(recognizer.progressQ16 == 40329)  // (100 g − 20 g) / 130 g
        _ = recognizer.events(for: Array(ramp[101...200]))
        #expect(recognizer.state == .peek)
        #expect(recognizer.progressQ16 == 21845)  // (200 g − 150 g) / 150 g
        _ = recognizer.events(for: Array(ramp[201...400]))
        #expect(recognizer.state == .pop)
        #expect(recognizer.progressQ16 == 65536)
        _ = recognizer.events(for: [.at(millis: 401, milligrams: 0)])
        #expect(recognizer.state == .idle)
        #expect(recognizer.progressQ16 == 0)
    }

    @Test func fastStabFiresBeganPeekAndPopInOneFrame() {
        let totals = milligrams(grams: Array(repeating: 0, count: 10) + Array(repeating: 400, count: 91) + [0])
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 0))
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: 10_000, force: .grams(400), position: padCenter),
            .peek(atMicros: 10_000, force: .grams(400)),
            .pop(atMicros: 10_000, force: .grams(400)),
            .released(atMicros: 101_000, stage: .pop),
        ])
    }

    @Test func fastStabWithDwellFiresAllThreeWhenTheDwellEnds() {
        let totals = milligrams(grams: Array(repeating: 0, count: 10) + Array(repeating: 400, count: 91) + [0])
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: 15_000, force: .grams(400), position: padCenter),
            .peek(atMicros: 15_000, force: .grams(400)),
            .pop(atMicros: 15_000, force: .grams(400)),
            .released(atMicros: 101_000, stage: .pop),
        ])
    }

    @Test func liftAfterPeekReleasesWithStagePeek() {
        let totals = milligrams(grams: Array(repeating: 0, count: 10) + Array(repeating: 200, count: 50) + [100, 16, 15, 14, 0])
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 0))
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: 10_000, force: .grams(200), position: padCenter),
            .peek(atMicros: 10_000, force: .grams(200)),
            .progress(atMicros: 30_000, phase: .commit, progressQ16: 21845),
            .progress(atMicros: 60_000, phase: .commit, progressQ16: 0),
            .released(atMicros: 63_000, stage: .peek),
        ])
    }

    @Test func lightTouchReleasesWithStageNone() {
        let totals = milligrams(grams: Array(repeating: 60, count: 10) + [0])
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 0))
        #expect(recognizer.events(for: traceFrames(milligrams: totals)) == [
            .began(atMicros: 0, force: .grams(60), position: padCenter),
            .released(atMicros: 10_000, stage: .none),
        ])
    }

    @Test func beganReportsTheCentroid() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 0))
        var buffer = PressEventBuffer()
        recognizer.update(with: .at(millis: 3, milligrams: 50_000, x: 49152), into: &buffer)
        #expect(Array(buffer) == [.began(atMicros: 3000, force: .grams(50), position: PadPosition(x: 49152, y: 1 << 15))])
    }

    @Test func newThresholdsApplyFromTheNextFrame() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        let press = traceFrames(milligrams: milligrams(grams: Array(repeating: 100, count: 40)))
        #expect(recognizer.events(for: Array(press[0..<20])) == [
            .began(atMicros: 5000, force: .grams(100), position: padCenter)
        ])
        recognizer.settings.thresholds = Thresholds(touch: .grams(20), peek: .grams(90), pop: .grams(200))
        #expect(recognizer.events(for: Array(press[20...])) == [.peek(atMicros: 25_000, force: .grams(100))])
    }

    @Test func deepestStageIsHeldUntilTheForceLeavesItsBand() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 0))
        // Peek 150 g, band 15 g: held down to 135 g, then left for good; pop 300 g, band 20 g.
        let totals = milligrams(grams: [100, 160, 136, 135, 134, 200, 310, 281, 280, 279, 400])
        var held: [Bool] = []
        for frame in traceFrames(milligrams: totals) {
            _ = recognizer.events(for: [frame])
            held.append(recognizer.isDeepestStageHeld)
        }
        #expect(held == [false, true, true, true, false, false, true, true, true, false, false])
    }
}
