import ForcePadCore
import Testing

@Suite struct JSONValueTests {
    @Test func objectsKeepTheirKeyOrder() {
        let value = JSONValue.object([("ok", .bool(true)), ("cmd", .string("status")), ("a", .null)])
        #expect(value.rendered() == #"{"ok":true,"cmd":"status","a":null}"#)
    }

    @Test func numbersAreExactDecimals() {
        #expect(JSONValue.grams(Force(milligrams: 152_957)).rendered() == "152.957")
        #expect(JSONValue.grams(.grams(-3)).rendered() == "-3")
        #expect(JSONValue.fractionQ16(PadPosition.one / 4).rendered() == "0.25")
        #expect(JSONValue.array([.int(1), .decimal(15, places: 1)]).rendered() == "[1,1.5]")
    }

    @Test func stringsAreEscaped() {
        #expect(JSONValue.string("a\"b\\c\nd\u{1}").rendered() == #""a\"b\\c\nd\u0001""#)
    }
}
