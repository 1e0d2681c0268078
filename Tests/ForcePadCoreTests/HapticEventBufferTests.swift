import ForcePadCore
import Testing

@Suite struct HapticEventBufferTests {
    @Test func keepsEventsInOrderAndCountsWhatDoesNotFit() {
        var buffer = HapticEventBuffer()
        for millis in 0..<Int64(10) {
            buffer.append(millis % 2 == 0 ? .on(millis, .peek) : .off(millis, .peek))
        }
        #expect(buffer.count == HapticEventBuffer.capacity)
        #expect(buffer.map(\.timeMicros) == [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000])
        #expect(buffer.droppedCount == 2)
        buffer.removeAll()
        #expect(buffer.isEmpty)
        #expect(buffer.droppedCount == 2)
    }
}
