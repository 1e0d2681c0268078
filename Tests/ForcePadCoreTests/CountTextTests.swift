import ForcePadCore
import Testing

@Suite struct CountTextTests {
    @Test(arguments: [
        (0, "press", "0 presses"), (1, "press", "1 press"), (2, "press", "2 presses"),
        (1, "pulse", "1 pulse"), (5, "pulse", "5 pulses"), (1, "sample", "1 sample"), (3, "sample", "3 samples"),
        (1, "read error", "1 read error"), (2, "read error", "2 read errors"), (2, "box", "2 boxes"), (2, "match", "2 matches"),
    ])
    func oneIsSingularEveryOtherCountPlural(count: Int, noun: String, text: String) {
        #expect(CountText.of(count, noun) == text)
    }

    @Test func unsignedCountsReadTheSame() {
        #expect(CountText.of(UInt64(1), "period") == "1 period")
        #expect(CountText.of(UInt64(0), "period") == "0 periods")
    }
}
