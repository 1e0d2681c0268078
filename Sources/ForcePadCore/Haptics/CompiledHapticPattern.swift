/// A ``HapticPattern`` in fixed inline storage, ready for the loop: no heap, bitwise-copyable
/// so it can travel through a ring.
///
/// Steps alternate on and off, starting with on; each lasts 1 µs to 1 s (Q0 µs, stored as
/// `Int32`). The line is off after the last step.
public struct CompiledHapticPattern: Sendable, Equatable, BitwiseCopyable {
    /// Most steps a pattern holds; equal to ``HapticPattern/maxSteps``.
    public static let capacity = 16

    /// Step durations (µs); entries from `count` on are unused.
    private var steps: InlineArray<16, Int32>
    /// Number of steps (odd for every parsed pattern; 0 only for ``empty``).
    public private(set) var count: Int

    /// The pattern that plays nothing.
    public static let empty = CompiledHapticPattern()

    @_noAllocation
    private init() {
        steps = InlineArray(repeating: 0)
        count = 0
    }

    public init(_ pattern: HapticPattern) {
        precondition(pattern.stepMicros.count <= Self.capacity, "a haptic pattern has at most \(Self.capacity) steps")
        self.init()
        for (index, micros) in pattern.stepMicros.enumerated() {
            steps[index] = Int32(clamping: micros)
        }
        count = pattern.stepMicros.count
    }

    /// A single on step of `onMicros` (µs, clamped to 1 µs…1 s): a trigger edge.
    @_noAllocation
    init(onMicros: Int64) {
        self.init()
        steps[0] = Int32(min(max(onMicros, 1), 1_000_000))
        count = 1
    }

    /// Whether the pattern has no steps.
    public var isEmpty: Bool {
        @_noAllocation get { count == 0 }
    }

    /// Duration of step `index` (µs); even indices are on steps, odd ones off steps.
    public subscript(index: Int) -> Int64 {
        @_noAllocation get {
            precondition(index >= 0 && index < count, "haptic pattern step out of range")
            return Int64(steps[index])
        }
    }

    public static func == (lhs: CompiledHapticPattern, rhs: CompiledHapticPattern) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs.steps[index] != rhs.steps[index] {
            return false
        }
        return true
    }
}
