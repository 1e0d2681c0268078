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
        #expect(mailbox.latest() == Pair(a: 0, b: 0))
        mailbox.publish(Pair(a: 1, b: 1))
        mailbox.publish(Pair(a: 2, b: 2))
        #expect(mailbox.latest() == Pair(a: 2, b: 2))
        #expect(mailbox.latest() == Pair(a: 2, b: 2))
    }

    @Test func readsAreNeverTornAndNeverGoBackwards() throws {
        let mailbox = LatestValueMailbox(initial: Pair(a: 0, b: 0))
        let writes: UInt64 = 300_000
        let writer = try PosixThread {
            for value in 1...writes { mailbox.publish(Pair(a: value, b: ~value)) }
        }
        var last: UInt64 = 0
        var torn = 0
        var backwards = 0
        while last < writes {
            let value = mailbox.latest()
            if value.a != 0 && value.b != ~value.a { torn += 1 }
            if value.a < last { backwards += 1 }
            last = value.a
        }
        writer.join()
        #expect(torn == 0)
        #expect(backwards == 0)
    }
}
