import ForcePadCore
import ForcePadHAL
import Synchronization

/// The recorder's end of the loop's frame ring: its one consumer handle, kept for the whole
/// session and lent to each capture in turn (a capture pops on its own thread, the shell
/// empties it before the next one starts), serialised by a lock.
final class FrameFeed: Sendable {
    private let consumer: PosixMutex<SPSCRingConsumer<RawFrame>>

    /// Takes the consumer handle of `link`'s frame ring; nil if another consumer has it.
    init?(link: LoopLink) {
        guard let consumer = link.frames.takeConsumer() else { return nil }
        self.consumer = PosixMutex(consumer)
    }

    /// The oldest frame waiting, or nil.
    func pop() -> RawFrame? { consumer.withLock { $0.pop() } }

    /// Drops every frame waiting.
    func discardAll() {
        consumer.withLock { consumer in
            while consumer.pop() != nil {}
        }
    }
}
