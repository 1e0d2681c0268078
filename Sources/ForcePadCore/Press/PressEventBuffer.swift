/// The press events of one loop period, stored inline (no heap).
///
/// The recogniser appends; the loop reads the events, pushes them to the event ring and
/// empties the buffer once per period. One frame yields at most four events (began, peek,
/// pop and one progress) and a cancel one more, so the capacity is never reached when the
/// buffer is emptied every period; an event that does not fit is dropped and counted.
///
/// ``HapticEventBuffer`` and ``QuickActionEventBuffer`` are copies of this type for their
/// events, not one generic buffer: `@_noAllocation` cannot check a generic body ("using type
/// 'FixedEventBuffer<Element>' can cause metadata allocation or locks"), and when a file is
/// compiled on its own (every debug build, and a release build without whole-module
/// optimisation) a `@_noAllocation` caller in another file sees a generic call ("generic
/// function calls can cause metadata allocation or locks"), even with the methods
/// `@inlinable @inline(__always)` (re-checked with Swift 6.3). Copies keep the allocation
/// check at compile time in every build.
public struct PressEventBuffer: Sendable, BitwiseCopyable, RandomAccessCollection {
    /// Most events the buffer holds.
    public static let capacity = 8

    private var storage: InlineArray<8, PressEvent>
    public var startIndex: Int { 0 }
    public private(set) var endIndex = 0
    /// Events refused because the buffer was full, since it was created.
    public private(set) var droppedCount = 0

    public init() {
        storage = InlineArray(repeating: .released(atMicros: 0, stage: .none))
    }

    /// Number of events held.
    public var count: Int {
        @_noAllocation get { endIndex }
    }

    public subscript(position: Int) -> PressEvent {
        @_noAllocation get {
            precondition(position >= 0 && position < endIndex, "press event index out of range")
            return storage[position]
        }
    }

    /// Adds `event` at the end, or counts it in ``droppedCount`` when the buffer is full.
    @_noAllocation
    public mutating func append(_ event: PressEvent) {
        guard endIndex < Self.capacity else {
            droppedCount += 1
            return
        }
        storage[endIndex] = event
        endIndex += 1
    }

    /// Empties the buffer (the drop count is kept).
    @_noAllocation
    public mutating func removeAll() {
        endIndex = 0
    }
}
