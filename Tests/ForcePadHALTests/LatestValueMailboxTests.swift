import ForcePadHAL
import Testing

/// A value whose two halves must always agree: a torn read would break that.
private struct Pair: BitwiseCopyable, Equatable {
    var a: UInt64
    var b: UInt64
}

@Suite struct LatestValueMailboxTests {
    @Test func readerSeesTheNewestValue() {
        let mailbox = LatestValueMailbox(initial: Pair(a: 0, b: 0))
        var reader = mailbox.takeReader()!
        #expect(reader.latest() == Pair(a: 0, b: 0))
        mailbox.publish(Pair(a: 1, b: 1))
        mailbox.publish(Pair(a: 2, b: 2))
        #expect(reader.latest() == Pair(a: 2, b: 2))
        #expect(reader.latest() == Pair(a: 2, b: 2))
    }

    @Test func readsAreNeverTornAndNeverGoBackwards() throws {
        let mailbox = LatestValueMailbox(initial: Pair(a: 0, b: 0))
        var reader = mailbox.takeReader()!
        let writes: UInt64 = 300_000
        let writer = try PosixThread {
            for value in 1...writes { mailbox.publish(Pair(a: value, b: ~value)) }
        }
        var last: UInt64 = 0
        var torn = 0
        var backwards = 0
        while last < writes {
            let value = reader.latest()
            if value.a != 0 && value.b != ~value.a { torn += 1 }
            if value.a < last { backwards += 1 }
            last = value.a
        }
        writer.join()
        #expect(torn == 0)
        #expect(backwards == 0)
    }

    /// Two readers swapping the middle slot could end up holding the same slot, which the
    /// writer may then fill while one of them copies it: a second reader cannot be made.
    @Test func theReaderIsHandedOutOnce() {
        let mailbox = LatestValueMailbox(initial: Pair(a: 0, b: 0))
        var first = mailbox.takeReader()
        let wasHandedOut = first != nil
        #expect(wasHandedOut)
        let second = mailbox.takeReader()
        let secondIsNil = second == nil
        #expect(secondIsNil)
        mailbox.publish(Pair(a: 3, b: 3))
        #expect(first?.latest() == Pair(a: 3, b: 3))
    }
}
