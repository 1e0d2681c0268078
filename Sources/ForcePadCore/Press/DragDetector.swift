/// Decides whether a contact is being dragged: the centroid's speed measured over a window
/// of time (tens of ms), so noise from one frame to the next never counts as motion.
///
/// Keeps a short history of centroids, stored at most every window / 8, inline. The speed
/// compares the current centroid with the newest stored one that is at least a window old.
/// The history restarts whenever the number of contact regions changes (a second finger
/// moves the centroid without any motion) or no region is found (the centroid then means
/// nothing).
struct DragDetector: Sendable, BitwiseCopyable {
    /// Centroids kept; with samples at least window / 8 apart they span more than a window.
    private static let capacity = 16

    /// Sample times (µs), oldest first from `oldest`, in a ring.
    private var sampleMicros = InlineArray<16, Int64>(repeating: 0)
    /// Sample centroids, Q16 fractions of the pad.
    private var sampleX = InlineArray<16, Int32>(repeating: 0)
    private var sampleY = InlineArray<16, Int32>(repeating: 0)
    private var oldest = 0
    private var count = 0
    /// Contact regions of the frames in the history.
    private var contacts = 0

    init() {}

    /// Forgets the history.
    @_noAllocation
    mutating func reset() {
        count = 0
        oldest = 0
        contacts = 0
    }

    /// Feeds one frame of a press and returns whether the centroid (`position`, Q16) moved
    /// faster than `speedQ16PerSecond` (Q16 pad fractions per second; 0 never) over at least
    /// `windowMicros` (µs) up to `time` (µs).
    @_noAllocation
    mutating func isDragging(
        position: PadPosition, contacts frameContacts: Int, atMicros time: Int64,
        speedQ16PerSecond: Int32, windowMicros: Int64
    ) -> Bool {
        guard speedQ16PerSecond > 0 else { return false }
        if frameContacts != contacts {
            reset()
            contacts = frameContacts
        }
        guard frameContacts > 0 else { return false }
        let window = max(windowMicros, 1)
        let dragging = isFaster(than: Int64(speedQ16PerSecond), position: position, atMicros: time, windowMicros: window)
        record(position, atMicros: time, spacingMicros: max(window / 8, 1))
        return dragging
    }

    @_noAllocation
    private func isFaster(than speedQ16PerSecond: Int64, position: PadPosition, atMicros time: Int64, windowMicros: Int64) -> Bool {
        var age = count - 1
        while age >= 0 {
            let index = (oldest + age) % Self.capacity
            let elapsed = time - sampleMicros[index]
            if elapsed >= windowMicros {
                // Clamped to 16 pad widths (far beyond any real move) so the squares cannot overflow.
                let limit: Int64 = 16 << 16
                let dx = min(max(Int64(position.x) - Int64(sampleX[index]), -limit), limit)
                let dy = min(max(Int64(position.y) - Int64(sampleY[index]), -limit), limit)
                let allowed = min(speedQ16PerSecond * min(elapsed, 1_000_000_000) / 1_000_000, limit)
                return dx * dx + dy * dy > allowed * allowed
            }
            age -= 1
        }
        return false
    }

    @_noAllocation
    private mutating func record(_ position: PadPosition, atMicros time: Int64, spacingMicros: Int64) {
        if count > 0 {
            let newest = (oldest + count - 1) % Self.capacity
            guard time - sampleMicros[newest] >= spacingMicros else { return }
        }
        if count == Self.capacity {
            oldest = (oldest + 1) % Self.capacity
            count -= 1
        }
        let index = (oldest + count) % Self.capacity
        sampleMicros[index] = time
        sampleX[index] = position.x
        sampleY[index] = position.y
        count += 1
    }
}
