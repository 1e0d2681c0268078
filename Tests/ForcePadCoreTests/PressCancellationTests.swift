import ForcePadCore
import Testing

@Suite struct PressCancellationTests {
    /// `count` frames of `grams` from `startMillis` with `contacts` regions.
    private func frames(grams value: Int, count: Int, startMillis: Int64, contacts: Int = 1) -> [ForceFrame] {
        (0..<count).map {
            var frame = ForceFrame.at(millis: startMillis + Int64($0), milligrams: Int32(value) * 1000)
            frame.contacts = contacts
            return frame
        }
    }

    @Test func aSecondContactCancelsWithMultiTouchAndSilencesThePressUntilLift() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        let trace = frames(grams: 100, count: 50, startMillis: 0) + frames(grams: 400, count: 50, startMillis: 50, contacts: 2)
            + frames(grams: 400, count: 50, startMillis: 100) + frames(grams: 16, count: 10, startMillis: 150)
        #expect(recognizer.events(for: trace) == [
            .began(atMicros: 5000, force: .grams(100), position: padCenter),
            .progress(atMicros: 25_000, phase: .preview, progressQ16: 40329),
            .cancelled(atMicros: 50_000, reason: .multiTouch),
        ])
        #expect(recognizer.state == .cancelled)

        // 14 g is below the release level (touch 20 g − band 5 g): a new press may begin.
        let next = frames(grams: 14, count: 10, startMillis: 160) + frames(grams: 100, count: 10, startMillis: 170)
        #expect(recognizer.events(for: next) == [.began(atMicros: 175_000, force: .grams(100), position: padCenter)])
    }

    @Test func twoContactsFromTheFirstFrameBeginAndCancelAtOnce() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        #expect(recognizer.events(for: frames(grams: 200, count: 20, startMillis: 0, contacts: 2)) == [
            .began(atMicros: 5000, force: .grams(200), position: padCenter),
            .cancelled(atMicros: 5000, reason: .multiTouch),
        ])
    }

    @Test func multiTouchIsAllowedWhenItDoesNotFail() {
        var settings = PressRecognizerSettings.standard(dwellMicros: 0)
        settings.multiTouchFails = false
        var recognizer = PressRecognizer(settings: settings)
        // The second finger moves the centroid by half the pad at once: no drag either.
        var second = frames(grams: 200, count: 10, startMillis: 10, contacts: 2)
        for index in second.indices { second[index].centroid.x = 49152 }
        let trace = frames(grams: 100, count: 10, startMillis: 0) + second + frames(grams: 0, count: 1, startMillis: 20)
        #expect(recognizer.events(for: trace) == [
            .began(atMicros: 0, force: .grams(100), position: padCenter),
            .peek(atMicros: 10_000, force: .grams(200)),
            .released(atMicros: 20_000, stage: .peek),
        ])
    }

    @Test func sensorLossMidPressCancelsAndWaitsForLift() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        var buffer = PressEventBuffer()
        #expect(recognizer.events(for: frames(grams: 200, count: 50, startMillis: 0)) == [
            .began(atMicros: 5000, force: .grams(200), position: padCenter),
            .peek(atMicros: 5000, force: .grams(200)),
            .progress(atMicros: 25_000, phase: .commit, progressQ16: 21845),
        ])
        recognizer.sensorLost(atMicros: 50_000, into: &buffer)
        #expect(Array(buffer) == [.cancelled(atMicros: 50_000, reason: .sensorLost)])

        let after = frames(grams: 200, count: 40, startMillis: 60) + frames(grams: 0, count: 10, startMillis: 100)
            + frames(grams: 200, count: 10, startMillis: 110)
        #expect(recognizer.events(for: after) == [
            .began(atMicros: 115_000, force: .grams(200), position: padCenter),
            .peek(atMicros: 115_000, force: .grams(200)),
        ])
    }

    @Test func sensorLossRestartsADwellInProgressAndIsSilentWithoutAPress() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        var buffer = PressEventBuffer()
        #expect(recognizer.events(for: frames(grams: 100, count: 3, startMillis: 0)).isEmpty)
        recognizer.sensorLost(atMicros: 3000, into: &buffer)
        #expect(buffer.isEmpty)
        #expect(recognizer.events(for: frames(grams: 100, count: 10, startMillis: 4)) == [
            .began(atMicros: 9000, force: .grams(100), position: padCenter)
        ])
    }

    @Test func commandCancelsAPressAndNothingElse() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        var buffer = PressEventBuffer()
        recognizer.cancel(reason: .command, atMicros: 0, into: &buffer)
        #expect(buffer.isEmpty)
        #expect(recognizer.state == .idle)

        _ = recognizer.events(for: frames(grams: 100, count: 10, startMillis: 0))
        recognizer.cancel(reason: .command, atMicros: 10_000, into: &buffer)
        recognizer.cancel(reason: .command, atMicros: 11_000, into: &buffer)
        #expect(Array(buffer) == [.cancelled(atMicros: 10_000, reason: .command)])
        #expect(recognizer.state == .cancelled)
        #expect(recognizer.progressQ16 == 0)
        #expect(recognizer.events(for: frames(grams: 400, count: 20, startMillis: 11)).isEmpty)
    }
}
