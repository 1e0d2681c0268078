import ForcePadCore
import Testing

@Suite struct HapticPatternCatalogTests {
    @Test func stagePatternsHaveFixedIds() throws {
        let catalog = try HapticPatternCatalog(patterns: HapticSettings.standardPatterns)
        #expect(catalog.names == ["peek", "pop", "release", "menu", "tick"])
        #expect(catalog.id(named: "peek") == .peek)
        #expect(catalog.id(named: "pop") == .pop)
        #expect(catalog.id(named: "release") == nil)  // reserved, not configured
        #expect(catalog.bank[.peek] == (try compiledPattern("on 2ms")))
        #expect(catalog.bank[.pop] == (try compiledPattern("on 20ms off 30ms on 20ms")))
        #expect(catalog.bank[.release] == nil)
    }

    @Test func userPatternsFollowInAlphabeticalOrder() throws {
        var patterns = HapticSettings.standardPatterns
        patterns["double-tap"] = try HapticPattern(parsing: "on 10ms off 40ms on 10ms")
        patterns["buzz"] = try HapticPattern(parsing: "on 80ms")
        patterns["release"] = try HapticPattern(parsing: "on 5ms")
        let catalog = try HapticPatternCatalog(patterns: patterns)
        #expect(catalog.names == ["peek", "pop", "release", "buzz", "double-tap", "menu", "tick"])
        #expect(catalog.id(named: "buzz") == HapticPatternID(rawValue: 3))
        #expect(catalog.id(named: "double-tap") == HapticPatternID(rawValue: 4))
        #expect(catalog.id(named: "release") == .release)
        #expect(catalog.id(named: "missing") == nil)
        #expect(catalog.name(of: HapticPatternID(rawValue: 4)) == "double-tap")
        #expect(catalog.name(of: HapticPatternID(rawValue: 9)) == nil)
        #expect(catalog.bank[HapticPatternID(rawValue: 3)] == (try compiledPattern("on 80ms")))
        #expect(catalog.bank[HapticPatternID(rawValue: 200)] == nil)
    }

    @Test func refusesMorePatternsThanTheBankHolds() throws {
        var patterns = HapticSettings.standardPatterns
        for index in 0..<12 {
            patterns["user-\(index)"] = try HapticPattern(parsing: "on 10ms")
        }
        #expect(throws: HapticPatternCatalogError("14 haptic patterns besides peek, pop and release; at most 13 fit (remove 1)")) {
            try HapticPatternCatalog(patterns: patterns)
        }
        patterns["user-11"] = nil
        #expect(try HapticPatternCatalog(patterns: patterns).names.count == HapticPatternBank.capacity)
    }

    @Test func banksCompareByContent() throws {
        var first = HapticPatternBank()
        var second = HapticPatternBank()
        #expect(first == second)
        first.store(try compiledPattern("on 10ms"), as: .pop)
        #expect(first != second)
        second.store(try compiledPattern("on 10ms"), as: .pop)
        #expect(first == second)
    }
}
