import ForcePadConfig
import ForcePadCore
import Testing

@Suite struct TrialsSectionTests {
    @Test func readsEveryLimit() throws {
        let settings = try ConfigFileLoader.parse(text: """
            [trials]
            peek_tolerance = "10g"
            pop_tolerance = 15
            latency_p99 = "1ms"
            latency_max = "2ms"
            cancel_rate = 0.05
            chatter = 0
            """, file: "forcepad.toml")
        #expect(settings.trialLimits == TrialLimits(
            peekTolerance: .grams(10), popTolerance: .grams(15), latencyP99Micros: 1_000, latencyMaxMicros: 2_000,
            cancelRatePermille: 50, maxChatter: 0))
    }

    @Test func noSectionMeansNoLimits() throws {
        #expect(try ConfigFileLoader.parse(text: "", file: "forcepad.toml").trialLimits == .none)
        #expect(try ConfigFileLoader.parse(text: "[trials]\n", file: "forcepad.toml").trialLimits == .none)
    }

    @Test(arguments: [
        ("[trials]\ncancel_rate = 1.5", "forcepad.toml:2: trials.cancel_rate: 1.5 is out of range; allowed: 0…1 (the share of presses that may be cancelled)"),
        ("[trials]\n\nlatency_p99 = \"2s\"", "forcepad.toml:3: trials.latency_p99: 2s is out of range; allowed: 1us…1s"),
        ("[trials]\nchatter = -1", "forcepad.toml:2: trials.chatter: -1 is out of range; allowed: 0…1000000"),
        ("[trials]\npeek_tolerance = true", "forcepad.toml:2: trials.peek_tolerance: expected a force such as \"150g\" or a number of grams, found a boolean"),
        ("[trials]\npeek_tolerence = \"10g\"", "forcepad.toml:2: trials.peek_tolerence: unknown key; did you mean 'peek_tolerance'? (allowed here: peek_tolerance, pop_tolerance, latency_p99, latency_max, cancel_rate, chatter)"),
    ])
    func badLimitsNameFileLineAndKey(text: String, message: String) {
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: text, file: "forcepad.toml") }
        #expect(error?.description == message)
    }
}
