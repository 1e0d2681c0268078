import ForcePadCore
import Testing

@Suite struct QuantityParserTests {
    @Test(arguments: [
        ("150g", 150_000), ("0.15kg", 150_000), ("1.5N", 152_957), ("1500mN", 152_957),
        ("57.747g", 57_747), ("0g", 0), (" 20g ", 20_000), ("-5g", -5_000),
    ])
    func forcesConvertToMilligrams(text: String, milligrams: Int32) throws {
        #expect(try QuantityParser.force(text).get() == Force(milligrams: milligrams))
    }

    @Test func bareNumberNeedsAUnitUnlessADefaultIsGiven() throws {
        #expect(throws: QuantityError("'150' needs a unit: one of g, kg, N, mN")) { try QuantityParser.force("150").get() }
        #expect(try QuantityParser.force("150", defaultUnit: "g").get() == .grams(150))
    }

    @Test func wrongCaseUnitSuggestsTheRightOne() {
        #expect(throws: QuantityError("unknown unit 'G' in '150G': did you mean 'g'? (units: g, kg, N, mN)")) {
            try QuantityParser.force("150G").get()
        }
        #expect(throws: QuantityError("unknown unit 'lb' in '3lb': use one of g, kg, N, mN")) {
            try QuantityParser.force("3lb").get()
        }
    }

    @Test func garbageIsRefusedWithAnExample() {
        #expect(throws: QuantityError("'g' is not a force: write a number and a unit, e.g. 150g")) {
            try QuantityParser.force("g").get()
        }
        #expect(throws: QuantityError("'1.2.3g' is not a force: write a number and a unit, e.g. 150g")) {
            try QuantityParser.force("1.2.3g").get()
        }
    }

    @Test(arguments: [("300ms", 300_000), ("2s", 2_000_000), ("500us", 500), ("0.5ms", 500), ("10min", 600_000_000), ("2h", 7_200_000_000), ("1.5h", 5_400_000_000)])
    func durationsConvertToMicroseconds(text: String, micros: Int64) throws {
        #expect(try QuantityParser.durationMicros(text).get() == micros)
    }

    @Test func negativeDurationIsOutOfRange() {
        #expect(throws: QuantityError("duration '-1ms' is out of range: 0us to 24h")) {
            try QuantityParser.durationMicros("-1ms").get()
        }
    }

    @Test func frequenciesConvertToMilliHertz() throws {
        #expect(try QuantityParser.frequencyMilliHertz("30Hz").get() == 30_000)
        #expect(try QuantityParser.frequencyMilliHertz("1.5kHz").get() == 1_500_000)
    }
}
