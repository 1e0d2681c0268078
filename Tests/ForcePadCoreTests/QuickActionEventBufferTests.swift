import ForcePadCore
import Testing

@Suite struct QuickActionEventBufferTests {
    @Test func holdsEventsInOrderAndCountsWhatDoesNotFit() {
        var buffer = QuickActionEventBuffer()
        for slot in 1...10 {
            buffer.append(.selected(atMicros: Int64(slot), slot: slot))
        }
        #expect(buffer.count == QuickActionEventBuffer.capacity)
        #expect(buffer.droppedCount == 2)
        #expect(Array(buffer) == (1...8).map { QuickActionEvent.selected(atMicros: Int64($0), slot: $0) })
        buffer.removeAll()
        #expect(buffer.isEmpty)
        #expect(buffer.droppedCount == 2)
        buffer.append(.performed(atMicros: 40, slot: 2))
        #expect(Array(buffer) == [.performed(atMicros: 40, slot: 2)])
        #expect(buffer[0].timeMicros == 40)
    }
}
