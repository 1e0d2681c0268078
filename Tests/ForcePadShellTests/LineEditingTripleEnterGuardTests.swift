import ForcePadShell
import Testing

@Suite struct LineEditingTripleEnterGuardTests {
    private func decisions(_ bytes: String, guard enterGuard: inout TripleEnterGuard) -> [TripleEnterGuard.Decision] {
        var decoder = KeyDecoder()
        return decoder.keys(from: Array(bytes.utf8)).map { enterGuard.admit($0) }
    }

    @Test func keysAreDiscardedUntilThreeEntersInARow() {
        var enterGuard = TripleEnterGuard(enabled: true)
        #expect(!enterGuard.isOpen)
        #expect(decisions("AT\r", guard: &enterGuard) == [.discard, .discard, .discard])
        #expect(decisions("\r\r", guard: &enterGuard) == [.discard, .unlock])
        #expect(enterGuard.isOpen)
        #expect(decisions("s\r", guard: &enterGuard) == [.deliver, .deliver])
    }

    @Test func modemChatterBetweenEntersStartsTheCountAgain() {
        var enterGuard = TripleEnterGuard(enabled: true)
        #expect(decisions("\r\rAT\r\r", guard: &enterGuard) == Array(repeating: .discard, count: 6))
        #expect(decisions("\r", guard: &enterGuard) == [.unlock])
    }

    @Test func anIgnoredKeyAlsoStartsTheCountAgain() {
        var enterGuard = TripleEnterGuard(enabled: true)
        #expect(enterGuard.admit(.enter) == .discard)
        #expect(enterGuard.admit(.enter) == .discard)
        #expect(enterGuard.admit(.ignored) == .discard)
        #expect(enterGuard.admit(.enter) == .discard)
        #expect(enterGuard.admit(.enter) == .discard)
        #expect(enterGuard.admit(.enter) == .unlock)
    }

    @Test func crlfCountsAsOneEnter() {
        var enterGuard = TripleEnterGuard(enabled: true)
        #expect(decisions("\r\n\r\n", guard: &enterGuard) == [.discard, .discard])
        #expect(decisions("\r\n", guard: &enterGuard) == [.unlock])
    }

    @Test func aReconnectClosesTheGuardAgain() {
        var enterGuard = TripleEnterGuard(enabled: true)
        _ = decisions("\r\r\r", guard: &enterGuard)
        enterGuard.connectionStarted()
        #expect(!enterGuard.isOpen)
        #expect(decisions("\r\rx\r\r\r", guard: &enterGuard) == [.discard, .discard, .discard, .discard, .discard, .unlock])
    }

    @Test func aDisabledGuardDeliversEverything() {
        var enterGuard = TripleEnterGuard(enabled: false)
        #expect(enterGuard.isOpen)
        #expect(decisions("AT\r", guard: &enterGuard) == [.deliver, .deliver, .deliver])
        enterGuard.connectionStarted()
        #expect(enterGuard.admit(.character("s")) == .deliver)
    }
}
