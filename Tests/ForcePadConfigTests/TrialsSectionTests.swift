import Foundation
import ForcePadConfig
import ForcePadCore
import Testing

@Suite struct TrialsSectionTests {
    @Test func readsEveryLimit() throws {
        let settings = try ConfigFileLoader.parse(text: """
            [trials]
            cancel_rate = 0.05
            chatter = 0
            [trials.peek]
            tolerance = "10g"
            stage_to_line_p99 = "1ms"
            stage_to_line_max = "2ms"
            [trials.pop]
            tolerance = 15
            misses_max = 0
            miss_margin = "25g"
            """, file: "forcepad.toml")
        #expect(settings.trialLimits == TrialLimits(
            peek: StageLimits(tolerance: .grams(10), stageToLineP99Micros: 1_000, stageToLineMaxMicros: 2_000),
            pop: StageLimits(tolerance: .grams(15), missesMax: 0, missMargin: .grams(25)), cancelRatePermille: 50, maxChatter: 0))
    }

    @Test func readsTheCrossingToLineLimits() throws {
        let settings = try ConfigFileLoader.parse(text: """
            [trials.peek]
            crossing_to_line_p99 = "8ms"
            [trials.pop]
            crossing_to_line_max = "12ms"
            """, file: "forcepad.toml")
        #expect(settings.trialLimits == TrialLimits(
            peek: StageLimits(crossingToLineP99Micros: 8_000), pop: StageLimits(crossingToLineMaxMicros: 12_000)))
        #expect(!settings.trialLimits.isEmpty)
    }

    @Test func readsTheFeltLimits() throws {
        let settings = try ConfigFileLoader.parse(text: """
            [trials.pop]
            felt_latency_max = "20ms"
            peak_g_min = 0.25
            """, file: "forcepad.toml")
        #expect(settings.trialLimits.pop == StageLimits(feltLatencyMaxMicros: 20_000, peakMinMilliG: 250))
        let stored = #"{"felt_latency_max_us":20000,"peak_min_mg":250}"#
        #expect(try JSONDecoder().decode(StageLimits.self, from: Data(stored.utf8)) == settings.trialLimits.pop)
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(StageLimits.self, from: Data(#"{"peak_min_mg":0}"#.utf8))
        }
    }

    @Test func storedCrossingToLineLimitsAreRangeChecked() throws {
        let stored = #"{"crossing_to_line_p99_us":8000,"crossing_to_line_max_us":12000}"#
        let limits = try JSONDecoder().decode(StageLimits.self, from: Data(stored.utf8))
        #expect(limits == StageLimits(crossingToLineP99Micros: 8_000, crossingToLineMaxMicros: 12_000))
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(StageLimits.self, from: Data(#"{"crossing_to_line_max_us":0}"#.utf8))
        }
    }

    @Test func aMissMarginWithoutAMissLimitIsRefused() {
        let error = #expect(throws: ConfigError.self) {
            try ConfigFileLoader.parse(text: "[trials.pop]\nmiss_margin = \"25g\"\n", file: "forcepad.toml")
        }
        #expect(error?.description.hasPrefix("forcepad.toml:2: trials.pop.miss_margin: sets when a press counts as a miss") == true)
    }

    @Test func aToleranceMayBeJudgedOnTheReferenceForce() throws {
        let settings = try ConfigFileLoader.parse(text: """
            [trials.peek]
            tolerance = "15g"
            basis = "reference"
            [trials.pop]
            tolerance = "20g"
            basis = "pad"
            """, file: "forcepad.toml")
        #expect(settings.trialLimits == TrialLimits(
            peek: StageLimits(tolerance: .grams(15), toleranceBasis: .reference), pop: StageLimits(tolerance: .grams(20))))
    }

    @Test func storedLimitsWithoutABasisAreJudgedOnThePad() throws {
        let stored = #"{"tolerance_mg":10000,"stage_to_line_p99_us":1000}"#
        let limits = try JSONDecoder().decode(StageLimits.self, from: Data(stored.utf8))
        #expect(limits == StageLimits(tolerance: .grams(10), stageToLineP99Micros: 1_000))
        let again = try JSONDecoder().decode(StageLimits.self, from: JSONEncoder().encode(StageLimits(tolerance: .grams(5), toleranceBasis: .reference)))
        #expect(again.toleranceBasis == .reference)
    }

    @Test func noSectionMeansNoLimits() throws {
        #expect(try ConfigFileLoader.parse(text: "", file: "forcepad.toml").trialLimits == .none)
        #expect(try ConfigFileLoader.parse(text: "[trials]\n", file: "forcepad.toml").trialLimits == .none)
    }

    @Test(arguments: [
        ("[trials]\ncancel_rate = 1.5", "forcepad.toml:2: trials.cancel_rate: 1.5 is out of range; allowed: 0…1 (the share of presses that may be cancelled)"),
        ("[trials.pop]\n\nstage_to_line_p99 = \"2s\"", "forcepad.toml:3: trials.pop.stage_to_line_p99: 2s is out of range; allowed: 1us…1s"),
        ("[trials.peek]\ncrossing_to_line_p99 = \"0ms\"", "forcepad.toml:2: trials.peek.crossing_to_line_p99: 0ms is out of range; allowed: 1us…1s"),
        ("[trials.pop]\npeak_g_min = 500", "forcepad.toml:2: trials.pop.peak_g_min: 500.0 is out of range; allowed: 0.001 to 200 (g)"),
        ("[trials.pop]\npeak_g_min = \"0.5g\"", "forcepad.toml:2: trials.pop.peak_g_min: expected a peak acceleration in g such as 0.5, found a string"),
        ("[trials]\nchatter = -1", "forcepad.toml:2: trials.chatter: -1 is out of range; allowed: 0…1000000"),
        ("[trials.peek]\ntolerance = true", "forcepad.toml:2: trials.peek.tolerance: expected a force such as \"150g\" or a number of grams, found a boolean"),
        ("[trials.peek]\ntolerence = \"10g\"", "forcepad.toml:2: trials.peek.tolerence: unknown key; did you mean 'tolerance'? (allowed here: tolerance, basis, misses_max, miss_margin, stage_to_line_p99, stage_to_line_max, crossing_to_line_p99, crossing_to_line_max, felt_latency_max, peak_g_min)"),
        ("[trials.peek]\nbasis = \"reference\"", "forcepad.toml:2: trials.peek.basis: judges the tolerance, which is not set; add tolerance (e.g. tolerance = \"15g\") or remove basis"),
        ("[trials.peek]\ntolerance = \"15g\"\nbasis = \"true\"", "forcepad.toml:3: trials.peek.basis: 'true' is not a tolerance basis; use one of pad, reference"),
        ("[trials]\nlatency_p99 = \"1ms\"", "forcepad.toml:2: trials.latency_p99: this limit is now stage_to_line_p99 in [trials.peek] and [trials.pop], one per stage, so a stage can be judged alone"),
    ])
    func badLimitsNameFileLineAndKey(text: String, message: String) {
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: text, file: "forcepad.toml") }
        #expect(error?.description == message)
    }
}
