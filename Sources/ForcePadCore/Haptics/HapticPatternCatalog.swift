/// The name ↔ id table of the haptic patterns, built outside the loop from the configured
/// patterns. `peek`, `pop` and `release` always have ids 0, 1 and 2 (whether configured or
/// not); other names follow in alphabetical order. Only the ``bank`` goes to the loop.
public struct HapticPatternCatalog: Sendable {
    /// Pattern names by id: `names[Int(id.rawValue)]`.
    public let names: [String]
    /// The compiled patterns by id, for the loop.
    public let bank: HapticPatternBank

    /// Names with a fixed id, in id order.
    private static let reservedNames = ["peek", "pop", "release"]

    /// Compiles `patterns` (by name). Fails when there are more than the bank holds.
    public init(patterns: [String: HapticPattern]) throws(HapticPatternCatalogError) {
        let others = patterns.keys.filter { !Self.reservedNames.contains($0) }.sorted()
        let names = Self.reservedNames + others
        guard names.count <= HapticPatternBank.capacity else {
            throw HapticPatternCatalogError(
                "\(others.count) haptic patterns besides peek, pop and release; at most \(HapticPatternBank.capacity - Self.reservedNames.count) fit (remove \(names.count - HapticPatternBank.capacity))")
        }
        var bank = HapticPatternBank()
        for (index, name) in names.enumerated() {
            if let pattern = patterns[name] {
                bank.store(CompiledHapticPattern(pattern), as: HapticPatternID(rawValue: UInt8(index)))
            }
        }
        self.names = names
        self.bank = bank
    }

    /// The id of the pattern called `name`, or nil when no such pattern is configured.
    public func id(named name: String) -> HapticPatternID? {
        guard let index = names.firstIndex(of: name) else { return nil }
        let id = HapticPatternID(rawValue: UInt8(index))
        return bank[id] == nil ? nil : id
    }

    /// The name of the pattern with `id`, or nil for an id the catalog never gave out.
    public func name(of id: HapticPatternID) -> String? {
        let index = Int(id.rawValue)
        return index < names.count ? names[index] : nil
    }
}
