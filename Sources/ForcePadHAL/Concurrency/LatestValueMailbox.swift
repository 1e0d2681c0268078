import Synchronization

/// Hands the newest value from one writer thread to one reader thread without locks or
/// allocation: a triple buffer. The writer never waits; the reader always gets the most
/// recent complete value (older ones are skipped, never torn).
///
/// Reading needs the mailbox's one ``LatestValueReader``, handed out once by
/// ``takeReader()``. The reader's slot index lives in that handle, which cannot be copied:
/// two readers swapping the middle slot could otherwise hold the same slot index, and the
/// writer could fill a slot a reader is copying.
public final class LatestValueMailbox<Value: BitwiseCopyable>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value>
    /// Index of the shared middle slot (bits 0–1) and a "fresh" flag (bit 2).
    private let middle = Atomic<Int>(1)
    /// Slot the writer fills next; touched by the writer only.
    private var back = 0
    /// Slots the writer has written (bit `i` for slot `i`); the others still hold the initial
    /// value. Touched by the writer only.
    private var writtenSlots = 0
    /// Whether the reader handle has been handed out.
    private let readerTaken = Atomic<Bool>(false)
    private static var freshBit: Int { 4 }

    public init(initial: Value) {
        slots = .allocate(capacity: 3)
        slots.initialize(repeating: initial, count: 3)
    }

    deinit { slots.deallocate() }

    /// Writer side: publishes `value`.
    @inline(__always)
    public func publish(_ value: Value) {
        publish { slot, _ in slot.pointee = value }
    }

    /// Writer side: publishes the value `write` puts into the slot it is given, for a value
    /// most of which a publication need not copy (``LoopSnapshot``'s cells past the pad's).
    /// The slot holds a value this writer published before, or, the first time it is given
    /// (`isNew`), the initial one. `write` must leave a whole value in it.
    @inline(__always)
    public func publish(writing write: (_ slot: UnsafeMutablePointer<Value>, _ isNew: Bool) -> Void) {
        // `back` is a slot index, 0…2: the masking shift is the plain one, without its checks.
        write(slots + back, writtenSlots & (1 &<< back) == 0)
        writtenSlots |= 1 &<< back
        let previous = middle.exchange(back | Self.freshBit, ordering: .acquiringAndReleasing)
        back = previous & 3
    }

    /// The mailbox's only reader, or nil when it was already taken.
    public func takeReader() -> LatestValueReader<Value>? {
        readerTaken.exchange(true, ordering: .acquiringAndReleasing) ? nil : LatestValueReader(mailbox: self)
    }

    /// Reader side (through ``LatestValueReader`` only): swaps `front` for the middle slot
    /// when it holds a newer value and returns what `front` then holds.
    fileprivate func latest(front: inout Int) -> Value {
        if middle.load(ordering: .relaxed) & Self.freshBit != 0 {
            let previous = middle.exchange(front, ordering: .acquiringAndReleasing)
            front = previous & 3
        }
        return slots[front]
    }
}

/// The one reader of a ``LatestValueMailbox``: not copyable, holding the slot it last took.
public struct LatestValueReader<Value: BitwiseCopyable>: ~Copyable, Sendable {
    private let mailbox: LatestValueMailbox<Value>
    /// Slot the reader last took.
    private var front = 2

    fileprivate init(mailbox: LatestValueMailbox<Value>) { self.mailbox = mailbox }

    /// The newest published value (the previous one again if nothing new).
    public mutating func latest() -> Value { mailbox.latest(front: &front) }
}
