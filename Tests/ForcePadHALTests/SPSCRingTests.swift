import ForcePadHAL
import Testing

@Suite struct SPSCRingTests {
    @Test func keepsOrderAndRefusesWhenFull() {
        let ring = SPSCRing<Int>(capacity: 3)
        var consumer = ring.takeConsumer()!
        #expect(ring.capacity == 4)
        for value in 1...4 { #expect(ring.push(value)) }
        #expect(!ring.push(5))
        #expect(consumer.count == 4)
        #expect(consumer.pop() == 1)
        #expect(ring.push(5))
        #expect([consumer.pop(), consumer.pop(), consumer.pop(), consumer.pop(), consumer.pop()] == [2, 3, 4, 5, nil])
    }

    @Test func deliversEveryElementInOrderAcrossThreads() throws {
        let ring = SPSCRing<UInt64>(capacity: 64)
        var consumer = ring.takeConsumer()!
        let total: UInt64 = 200_000
        let producer = try PosixThread {
            var next: UInt64 = 0
            while next < total {
                if ring.push(next) { next += 1 }
            }
        }
        var expected: UInt64 = 0
        var outOfOrder = 0
        while expected < total {
            if let value = consumer.pop() {
                if value != expected { outOfOrder += 1 }
                expected += 1
            }
        }
        producer.join()
        #expect(outOfOrder == 0)
        #expect(consumer.pop() == nil)
    }

    @Test func theConsumerIsHandedOutOnce() {
        let ring = SPSCRing<Int>(capacity: 4)
        var first = ring.takeConsumer()
        let wasHandedOut = first != nil
        #expect(wasHandedOut)
        let second = ring.takeConsumer()
        let secondIsNil = second == nil
        #expect(secondIsNil)
        #expect(ring.push(7))
        #expect(first?.pop() == 7)
    }
}
