import Synchronization

/// A fixed-capacity, lock-free, single-producer single-consumer queue.
///
/// One thread only pushes and one thread only pops; neither ever blocks, locks or
/// allocates after `init`. When full, `push` refuses the element and returns false so the
/// producer can count the drop (the real-time loop must never wait for the shell).
/// Indices are free-running 64-bit counters; the slot is `index & mask`.
///
/// Popping needs the ring's one ``SPSCRingConsumer``, handed out once by ``takeConsumer()``:
/// a second consumer cannot be made, and the handle cannot be copied.
///
/// `push` and `pop` are `@inlinable`: called from another module (the event pump, a
/// recorder, the benchmark), they are specialised for the element there instead of copying
/// it through its value witnesses.
public final class SPSCRing<Element: BitwiseCopyable>: @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutablePointer<Element>
    @usableFromInline let mask: Int
    /// Count of elements ever pushed (written by the producer only).
    @usableFromInline let written = Atomic<Int>(0)
    /// Count of elements ever popped (written by the consumer only).
    @usableFromInline let read = Atomic<Int>(0)
    /// Whether the consumer handle has been handed out.
    private let consumerTaken = Atomic<Bool>(false)

    /// Number of elements the ring holds; a power of two.
    public let capacity: Int

    /// - Parameter capacity: rounded up to a power of two, at least 2.
    public init(capacity: Int) {
        var size = 2
        while size < capacity { size <<= 1 }
        self.capacity = size
        mask = size - 1
        slots = .allocate(capacity: size)
    }

    deinit { slots.deallocate() }

    /// Producer side: appends `element`, or returns false when the ring is full.
    @inlinable @inline(__always)
    public func push(_ element: Element) -> Bool {
        let head = written.load(ordering: .relaxed)
        if head - read.load(ordering: .acquiring) >= capacity { return false }
        (slots + (head & mask)).initialize(to: element)
        written.store(head + 1, ordering: .releasing)
        return true
    }

    /// The ring's only consumer, or nil when it was already taken.
    public func takeConsumer() -> SPSCRingConsumer<Element>? {
        consumerTaken.exchange(true, ordering: .acquiringAndReleasing) ? nil : SPSCRingConsumer(ring: self)
    }

    /// Consumer side (through ``SPSCRingConsumer`` only).
    @inlinable @inline(__always)
    func pop() -> Element? {
        let tail = read.load(ordering: .relaxed)
        if tail == written.load(ordering: .acquiring) { return nil }
        let element = slots[tail & mask]
        read.store(tail + 1, ordering: .releasing)
        return element
    }

    /// Elements waiting, as the consumer sees them.
    fileprivate var count: Int { written.load(ordering: .acquiring) - read.load(ordering: .relaxed) }
}

/// The one consumer of an ``SPSCRing``: not copyable, and `pop` needs exclusive access, so
/// two threads can never pop the same ring.
public struct SPSCRingConsumer<Element: BitwiseCopyable>: ~Copyable, Sendable {
    @usableFromInline let ring: SPSCRing<Element>

    fileprivate init(ring: SPSCRing<Element>) { self.ring = ring }

    /// Removes and returns the oldest element, or nil when empty.
    @inlinable @inline(__always)
    public mutating func pop() -> Element? { ring.pop() }

    /// Elements waiting.
    public var count: Int { ring.count }
}
