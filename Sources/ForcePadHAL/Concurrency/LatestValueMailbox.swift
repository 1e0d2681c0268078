import Synchronization

/// Hands the newest value from one writer thread to one reader thread without locks or
/// allocation: a triple buffer. The writer never waits; the reader always gets the most
/// recent complete value (older ones are skipped, never torn).
public final class LatestValueMailbox<Value: BitwiseCopyable>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value>
    /// Index of the shared middle slot (bits 0–1) and a "fresh" flag (bit 2).
    private let middle = Atomic<Int>(1)
    /// Slot the writer fills next; touched by the writer only.
    private var back = 0
    /// Slot the reader last took; touched by the reader only.
    private var front = 2
    private static var freshBit: Int { 4 }

    public init(initial: Value) {
        slots = .allocate(capacity: 3)
        slots.initialize(repeating: initial, count: 3)
    }

    deinit { slots.deallocate() }

    /// Writer side: publishes `value`.
    @inline(__always)
    public func publish(_ value: Value) {
        slots[back] = value
        let previous = middle.exchange(back | Self.freshBit, ordering: .acquiringAndReleasing)
        back = previous & 3
    }

    /// Reader side: the newest published value (the previous one again if nothing new).
    public func latest() -> Value {
        if middle.load(ordering: .relaxed) & Self.freshBit != 0 {
            let previous = middle.exchange(front, ordering: .acquiringAndReleasing)
            front = previous & 3
        }
        return slots[front]
    }
}
