import ForcePadShell
import Testing

@Suite struct ScreenUpdateTests {
    @Test func aFirstScreenIsSentWhole() {
        #expect(ScreenUpdate.text(from: nil, to: ["ab", "cd"]) == "\u{1B}[1;1Hab\u{1B}[2;1Hcd")
    }

    @Test func onlyTheChangedStretchOfAChangedRowIsSent() {
        let old = ["header 1", "⠀⠉⠉⠉⠀", "same"]
        let new = ["header 2", "⠀⠉⣀⠉⣀", "same"]
        #expect(ScreenUpdate.text(from: old, to: new) == "\u{1B}[1;8H2\u{1B}[2;3H⣀⠉⣀")
    }

    @Test func anUnchangedScreenCostsNothingAndAnotherShapeIsSentWhole() {
        #expect(ScreenUpdate.text(from: ["ab"], to: ["ab"]) == "")
        #expect(ScreenUpdate.text(from: ["ab"], to: ["ab", "c"]) == "\u{1B}[1;1Hab\u{1B}[2;1Hc")
    }
}
