/// The loop's patterns by ``HapticPatternID``, stored inline (no heap) so the whole set
/// can travel to the loop through a ring and be swapped between two periods.
public struct HapticPatternBank: Sendable, Equatable, BitwiseCopyable {
    /// Most patterns a bank holds, counting the reserved `peek`, `pop` and `release`.
    public static let capacity = 16

    private var patterns: InlineArray<16, CompiledHapticPattern>

    /// A bank with no patterns.
    public init() {
        patterns = InlineArray(repeating: .empty)
    }

    /// The pattern stored as `id`, or nil when there is none.
    public subscript(id: HapticPatternID) -> CompiledHapticPattern? {
        @_noAllocation get {
            let index = Int(id.rawValue)
            guard index < Self.capacity, !patterns[index].isEmpty else { return nil }
            return patterns[index]
        }
    }

    /// Stores `pattern` as `id` (below ``capacity``), replacing what was there.
    public mutating func store(_ pattern: CompiledHapticPattern, as id: HapticPatternID) {
        precondition(Int(id.rawValue) < Self.capacity, "haptic pattern id \(id.rawValue) is beyond the bank's \(Self.capacity) slots")
        patterns[Int(id.rawValue)] = pattern
    }

    public static func == (lhs: HapticPatternBank, rhs: HapticPatternBank) -> Bool {
        for index in 0..<capacity where lhs.patterns[index] != rhs.patterns[index] {
            return false
        }
        return true
    }
}
