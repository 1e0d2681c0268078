import ForcePadCore
import Testing

@Suite struct PressEventTests {
    @Test func contractNamesAreTheRawValues() {
        #expect(PressCancelReason.allCases.map(\.rawValue) == ["multi-touch", "drag", "sensor-lost", "command"])
        #expect(PressStage.allCases.map(\.rawValue) == ["none", "peek", "pop"])
        #expect(PressPhase.allCases.map(\.rawValue) == ["preview", "commit"])
    }

    @Test func everyEventTellsItsTime() {
        let events: [PressEvent] = [
            .began(atMicros: 1, force: .grams(20), position: padCenter),
            .progress(atMicros: 2, phase: .preview, progressQ16: 0),
            .peek(atMicros: 3, force: .grams(150)),
            .pop(atMicros: 4, force: .grams(300)),
            .released(atMicros: 5, stage: .pop),
            .cancelled(atMicros: 6, reason: .drag),
        ]
        #expect(events.map(\.timeMicros) == [1, 2, 3, 4, 5, 6])
    }
}
