import Synchronization

extension SPSCRing {
    /// Producer side: pushes `element`, counting it in `pushed`, or in `dropped` when the ring
    /// is full (its consumer fell behind). Never blocks or allocates.
    func push(_ element: Element, counting pushed: borrowing Atomic<UInt64>, dropped: borrowing Atomic<UInt64>) {
        if push(element) {
            pushed.add(1, ordering: .relaxed)
        } else {
            dropped.add(1, ordering: .relaxed)
        }
    }
}
