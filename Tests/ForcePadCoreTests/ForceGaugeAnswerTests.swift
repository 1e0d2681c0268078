import Testing

@testable import ForcePadCore

/// Gauge answer lines read as forces: every unit and its case variants, signs, line endings,
/// and the lines refused with the line quoted.
@Suite struct ForceGaugeAnswerTests {
    private func milligrams(_ line: String) throws -> Int32 {
        try ForceGaugeAnswer.force(in: line).milligrams
    }

    @Test func everyUnitIsConvertedToMilligrams() throws {
        #expect(try milligrams("1 N") == 101_972)
        #expect(try milligrams("4.285 N") == 436_948)
        #expect(try milligrams("0.5 kN") == 50_985_811)
        #expect(try milligrams("250 mN") == 25_493)
        #expect(try milligrams("0.150 kgF") == 150_000)
        #expect(try milligrams("150.5 gF") == 150_500)
        #expect(try milligrams("1 lbF") == 453_592)
        #expect(try milligrams("18.78 lbF") == 8_518_465)
        #expect(try milligrams("2 ozF") == 56_699)
    }

    @Test func unitsAreReadInAnyLetterCase() throws {
        for line in ["1 lbF", "1 lbf", "1 LBF", "1 LbF"] { #expect(try milligrams(line) == 453_592) }
        for line in ["1 kgF", "1 kgf", "1 KGF"] { #expect(try milligrams(line) == 1_000_000) }
        for line in ["1 ozF", "1 ozf", "1 OZF"] { #expect(try milligrams(line) == 28_350) }
        for line in ["1 gF", "1 gf", "1 GF"] { #expect(try milligrams(line) == 1_000) }
        for line in ["1 N", "1 n"] { #expect(try milligrams(line) == 101_972) }
        #expect(try milligrams("1 KN") == 101_971_621)
    }

    @Test func signsAndTheImadaLayoutAreRead() throws {
        #expect(try milligrams("-18.78 lbF") == -8_518_465)
        #expect(try milligrams("+012.34N") == 1_258_330)
        #expect(try milligrams("-000.50N") == -50_986)
        #expect(try milligrams(".5 kgf") == 500_000)
        #expect(try milligrams("0 N") == 0)
    }

    @Test func lineEndsAndPaddingAreIgnored() throws {
        for line in ["12.5 gF\r\n", "12.5 gF\r", "12.5 gF\n", "  12.5 gF  ", "\r\n12.5 gF", "12.5gF"] {
            #expect(try milligrams(line) == 12_500)
        }
    }

    @Test func garbageIsRefusedQuotingTheLine() {
        #expect(throws: ForceGaugeAnswerError.unreadable("\"abc\"")) { try ForceGaugeAnswer.force(in: "abc") }
        #expect(throws: ForceGaugeAnswerError.unreadable("\"1.2.3 N\"")) { try ForceGaugeAnswer.force(in: "1.2.3 N") }
        #expect(throws: ForceGaugeAnswerError.unreadable("\"- N\"")) { try ForceGaugeAnswer.force(in: "- N") }
        #expect(throws: ForceGaugeAnswerError.unreadable("\"\\u{1b}[2J\"")) { try ForceGaugeAnswer.force(in: "\u{1b}[2J") }
        #expect(throws: ForceGaugeAnswerError.empty) { try ForceGaugeAnswer.force(in: "\r\n") }
        #expect(throws: ForceGaugeAnswerError.missingUnit("\"12.34\"")) { try ForceGaugeAnswer.force(in: "12.34") }
        #expect(throws: ForceGaugeAnswerError.unknownUnit("mm", "\"12.34 mm\"")) { try ForceGaugeAnswer.force(in: "12.34 mm") }
        #expect(throws: ForceGaugeAnswerError.gaugeError("\"*10\"")) { try ForceGaugeAnswer.force(in: "*10") }
        #expect(throws: ForceGaugeAnswerError.outOfRange("\"5000 kN\"")) { try ForceGaugeAnswer.force(in: "5000 kN") }
    }

    @Test func overloadsAreRefusedAsOverloads() {
        for line in ["+012.34NO", "+012.34N E", "OVER", "ol", "50.00 lbF O"] {
            #expect(throws: ForceGaugeAnswerError.self) { try ForceGaugeAnswer.force(in: line) }
            do {
                _ = try ForceGaugeAnswer.force(in: line)
            } catch {
                guard case .overload = error else {
                    Issue.record("\(line): expected an overload, got \(error)")
                    continue
                }
            }
        }
    }

    @Test func errorsAreOneLineAndSayWhatToDo() {
        let error = ForceGaugeAnswerError.unreadable("\"abc\"")
        #expect(
            error.description
                == "the gauge answered \"abc\", not a force with its unit (e.g. \"12.34 lbF\"): check the baud rate in"
                + " [reference] against the gauge's setting")
        let long = String(repeating: "x", count: 100)
        do {
            _ = try ForceGaugeAnswer.force(in: long)
            Issue.record("a line of x was read as a force")
        } catch {
            #expect(error.description.contains("\"" + String(repeating: "x", count: 40) + "…\""))
            #expect(!error.description.contains("\n"))
        }
        #expect(
            ForceGaugeAnswerError.unknownUnit("mm", "\"1 mm\"").description
                == "the gauge answered \"1 mm\" in mm, which is not a force unit ForcePad reads: set the gauge to"
                + " N, kN, mN, kgF, gF, lbF or ozF")
    }

    /// C1 controls (U+009B is CSI, which starts a terminal sequence) are escaped like C0.
    @Test func c1ControlsAreEscapedInTheQuote() {
        #expect(ForceGaugeAnswer.quote("12.3\u{9B}2J N") == "\"12.3\\u{9b}2J N\"")
        #expect(ForceGaugeAnswer.quote("\u{1B}[0m") == "\"\\u{1b}[0m\"")
    }
}
