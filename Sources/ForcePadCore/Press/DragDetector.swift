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
    /// A power of two: ``slot(_:)`` wraps with a mask.
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
    /// Age (from `oldest`) of the sample the last frame compared with, -1 when none: where
    /// the next frame starts looking (see ``isFaster(than:position:atMicros:windowMicros:)``).
    private var anchor = -1

    init() {}

    /// Where in the ring the sample `age` steps newer than the oldest lies (`age` ≥ 0).
    /// `oldest` + `age` is below 2 · ``capacity``, so a mask wraps it (a signed `%` costs
    /// four more instructions, and the loop looks up two to five slots a frame).
    @inline(__always)
    private func slot(_ age: Int) -> Int { (oldest &+ age) & (Self.capacity - 1) }

    /// Forgets the history.
    @_noAllocation
    mutating func reset() {
        count = 0
        oldest = 0
        contacts = 0
        anchor = -1
    }

    /// Feeds one frame of a press and returns whether the centroid (`position`, Q16) moved
    /// faster than `speedQ16PerSecond` (Q16 pad fractions per second; 0 never) over at least
    /// `windowMicros` (µs) up to `time` (µs).
    @_noAllocation @inline(__always)
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

    /// Whether `position` is farther from the newest sample at least a window old than the
    /// speed allows over the time between them; false when no sample is that old.
    ///
    /// Sample times strictly increase from the oldest (``record(_:atMicros:spacingMicros:)``
    /// keeps at least 1 µs between them), so the samples at least a window old are the oldest
    /// ones up to some age. The search starts at the sample the last frame compared with
    /// when that one is still a window old (the usual case: it moves a step at most) and
    /// walks toward newer ones; otherwise it walks back from the newest. Either way it finds
    /// the same sample, without walking half the history every frame.
    @_noAllocation @inline(__always)
    private mutating func isFaster(than speedQ16PerSecond: Int64, position: PadPosition, atMicros time: Int64, windowMicros: Int64) -> Bool {
        func isOldEnough(_ age: Int) -> Bool { time - sampleMicros[slot(age)] >= windowMicros }
        var age: Int
        if anchor >= 0 && anchor < count && isOldEnough(anchor) {
            age = anchor
            while age + 1 < count && isOldEnough(age + 1) { age += 1 }
        } else {
            age = count - 1
            while age >= 0 && !isOldEnough(age) { age -= 1 }
        }
        anchor = age
        guard age >= 0 else { return false }
        let index = slot(age)
        let elapsed = time - sampleMicros[index]
        // Clamped to 16 pad widths (far beyond any real move) so the squares cannot overflow.
        let limit: Int64 = 16 << 16
        let dx = min(max(Int64(position.x) - Int64(sampleX[index]), -limit), limit)
        let dy = min(max(Int64(position.y) - Int64(sampleY[index]), -limit), limit)
        let allowed = min(speedQ16PerSecond * min(elapsed, 1_000_000_000) / 1_000_000, limit)
        return dx * dx + dy * dy > allowed * allowed
    }

    @_noAllocation @inline(__always)
    private mutating func record(_ position: PadPosition, atMicros time: Int64, spacingMicros: Int64) {
        if count > 0 {
            let newest = slot(count - 1)
            guard time - sampleMicros[newest] >= spacingMicros else { return }
        }
        if count == Self.capacity {
            oldest = slot(1)
            count -= 1
            if anchor >= 0 { anchor -= 1 }
        }
        let index = slot(count)
        sampleMicros[index] = time
        sampleX[index] = position.x
        sampleY[index] = position.y
        count += 1
    }
}
