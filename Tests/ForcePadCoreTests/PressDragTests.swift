import ForcePadCore
import Testing

@Suite struct PressDragTests {
    /// Frames of `grams` from 0 ms for `count` ms whose centroid x is `x(millis)` (Q16).
    private func moving(grams value: Int, count: Int, x: (Int64) -> Int32) -> [ForceFrame] {
        (0..<Int64(count)).map { ForceFrame.at(millis: $0, milligrams: Int32(value) * 1000, x: x($0)) }
    }

    @Test func movingFasterThanTheDragSpeedCancelsOneWindowAfterTheStart() {
        // 131 Q16 per ms is 2 pad widths per second; the limit is 1 per second over 40 ms.
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        let trace = moving(grams: 100, count: 100) { 16384 + 131 * Int32($0) }
        #expect(recognizer.events(for: trace) == [
            .began(atMicros: 5000, force: .grams(100), position: PadPosition(x: 16384 + 655, y: 1 << 15)),
            .progress(atMicros: 25_000, phase: .preview, progressQ16: 40329),
            .cancelled(atMicros: 45_000, reason: .drag),
        ])
    }

    @Test func aDragAfterPeekStillCancels() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        let trace = moving(grams: 200, count: 100) { $0 < 30 ? 16384 : 16384 + 131 * Int32($0 - 30) }
        #expect(recognizer.events(for: trace) == [
            .began(atMicros: 5000, force: .grams(200), position: PadPosition(x: 16384, y: 1 << 15)),
            .peek(atMicros: 5000, force: .grams(200)),
            .progress(atMicros: 25_000, phase: .commit, progressQ16: 21845),
            .cancelled(atMicros: 51_000, reason: .drag),
        ])
    }

    @Test func theCentroidJumpOfALiftingFingerIsAReleaseNotADrag() {
        // Peek at 200 g centred, then the force falls: at 80 g (below half the peak) one cell
        // leaves contact and the centroid jumps by a quarter of the pad within a frame.
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        let pressed = moving(grams: 200, count: 60) { _ in 32768 }
        let lifting = (60..<Int64(100)).map {
            ForceFrame.at(millis: $0, milligrams: Int32(200_000 - 4_000 * ($0 - 59)), x: $0 < 90 ? 32768 : 16384)
        }
        let events = recognizer.events(for: pressed + lifting + [.at(millis: 100, milligrams: 0)])
        #expect(events.last == .released(atMicros: 100_000, stage: .peek))
        #expect(!events.contains { if case .cancelled = $0 { true } else { false } })
    }

    @Test func theSameJumpAtFullForceIsADrag() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        let trace = moving(grams: 200, count: 120) { $0 < 60 ? 32768 : 16384 }
        #expect(recognizer.events(for: trace).last == .cancelled(atMicros: 60_000, reason: .drag))
    }

    @Test func aDragAfterPopChangesNothing() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        let trace = moving(grams: 400, count: 100) { 16384 + 262 * Int32($0) } + [.at(millis: 100, milligrams: 0)]
        #expect(recognizer.events(for: trace) == [
            .began(atMicros: 5000, force: .grams(400), position: PadPosition(x: 16384 + 1310, y: 1 << 15)),
            .peek(atMicros: 5000, force: .grams(400)),
            .pop(atMicros: 5000, force: .grams(400)),
            .released(atMicros: 100_000, stage: .pop),
        ])
    }

    @Test func slowDriftAndFrameToFrameJitterAreNotDrags() {
        // Half a pad width per second, then ±0.015 pad of jitter every frame (30 widths/s frame to frame).
        var state: UInt64 = 11
        let drift = moving(grams: 100, count: 200) { 16384 + 33 * Int32($0) }
        let jitter = (200..<Int64(400)).map {
            ForceFrame.at(millis: $0, milligrams: 100_000, x: 22984 + Int32(pseudoRandom(in: -983...983, &state)))
        }
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        #expect(recognizer.events(for: drift + jitter + [.at(millis: 400, milligrams: 0)]) == [
            .began(atMicros: 5000, force: .grams(100), position: PadPosition(x: 16384 + 165, y: 1 << 15)),
            .progress(atMicros: 25_000, phase: .preview, progressQ16: 40329),
            .released(atMicros: 400_000, stage: .none),
        ])
    }

    @Test func aDragSpeedOfZeroNeverCancels() {
        var settings = PressRecognizerSettings.standard
        settings.dragSpeedQ16PerSecond = 0
        var recognizer = PressRecognizer(settings: settings)
        let trace = moving(grams: 100, count: 100) { 131 * Int32($0) } + [.at(millis: 100, milligrams: 0)]
        #expect(recognizer.events(for: trace).last == .released(atMicros: 100_000, stage: .none))
    }

    @Test func frameWithoutContactRestartsTheMeasurement() {
        // The centroid jumps while no region is found (light force spread thin): not a motion.
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        var trace = moving(grams: 100, count: 100) { $0 < 50 ? 8192 : 57344 }
        trace[50].contacts = 0
        trace.append(.at(millis: 100, milligrams: 0))
        #expect(recognizer.events(for: trace).last == .released(atMicros: 100_000, stage: .none))
    }
}
