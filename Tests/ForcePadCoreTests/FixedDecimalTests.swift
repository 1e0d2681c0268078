import ForcePadCore
import Testing

@Suite struct FixedDecimalTests {
    @Test(arguments: [
        (Int64(150_000), 3, "150"), (57_747, 3, "57.747"), (100_500, 3, "100.5"), (-5, 3, "-0.005"), (0, 3, "0"), (7, 0, "7"),
    ])
    func formatsWithoutTrailingZeros(value: Int64, scale: Int, text: String) {
        #expect(FixedDecimal.format(value, scale: scale) == text)
    }

    @Test func forceDescriptionIsGrams() {
        #expect(Force(milligrams: 152_957).description == "152.957g")
        #expect(Force.grams(300).description == "300g")
    }

    @Test func parseRefusesExponentsAndStrayCharacters() {
        #expect(FixedDecimal.parse("1e3") == nil)
        #expect(FixedDecimal.parse("1-2") == nil)
        #expect(FixedDecimal.parse(".") == nil)
        #expect(FixedDecimal.parse("-0.25") == -0.25)
    }
}
