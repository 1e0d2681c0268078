/// The quick-action events of one loop period, stored inline (no heap).
///
/// The menu appends; the loop pushes the events to the event ring and empties the buffer
/// once per period. A period yields at most three events (opened and selected in one frame,
/// then performed or dismissed from a press event), so the capacity is never reached when
/// the buffer is emptied every period; an event that does not fit is dropped and counted.
public struct QuickActionEventBuffer: Sendable, BitwiseCopyable, RandomAccessCollection {
    /// Most events the buffer holds.
    public static let capacity = 8

    private var storage: InlineArray<8, QuickActionEvent>
    public var startIndex: Int { 0 }
    public private(set) var endIndex = 0
    /// Events refused because the buffer was full, since it was created.
    public private(set) var droppedCount = 0

    public init() {
        storage = InlineArray(repeating: .dismissed(atMicros: 0, reason: .cancelled))
    }

    /// Number of events held.
    public var count: Int {
        @_noAllocation get { endIndex }
    }

    public subscript(position: Int) -> QuickActionEvent {
        @_noAllocation get {
            precondition(position >= 0 && position < endIndex, "quick-action event index out of range")
            return storage[position]
        }
    }

    /// Adds `event` at the end, or counts it in ``droppedCount`` when the buffer is full.
    @_noAllocation
    public mutating func append(_ event: QuickActionEvent) {
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
