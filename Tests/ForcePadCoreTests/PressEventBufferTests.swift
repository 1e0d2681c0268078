import ForcePadCore
import Testing

@Suite struct PressEventBufferTests {
    @Test func keepsEventsInOrderAndCountsWhatDoesNotFit() {
        var buffer = PressEventBuffer()
        for millis in 0..<10 {
            buffer.append(.released(atMicros: Int64(millis) * 1000, stage: .none))
        }
        #expect(buffer.count == PressEventBuffer.capacity)
        #expect(buffer.map(\.timeMicros) == [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000])
        #expect(buffer.droppedCount == 2)
        buffer.removeAll()
        #expect(buffer.isEmpty)
        #expect(buffer.droppedCount == 2)
    }
}
