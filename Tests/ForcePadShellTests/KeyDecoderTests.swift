import ForcePadShell
import Testing

@Suite struct KeyDecoderTests {
    private func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.keys(from: bytes)
    }

    private func decode(_ text: String) -> [Key] {
        decode(Array(text.utf8))
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[3~", .delete), ("\u{1B}[1A", .up),
    ])
    func escapeSequencesBecomeKeys(sequence: String, key: Key) {
        #expect(decode(sequence) == [key])
    }

    @Test(arguments: [
        (0x01, Key.controlA), (0x03, .controlC), (0x04, .controlD), (0x05, .controlE), (0x0B, .controlK),
        (0x0C, .controlL), (0x15, .controlU), (0x17, .controlW), (0x09, .tab), (0x7F, .backspace),
        (0x08, .backspace), (0x00, .ignored), (0x02, .ignored), (0x1A, .ignored), (0x1F, .ignored),
    ] as [(UInt8, Key)])
    func controlBytesBecomeKeys(byte: UInt8, key: Key) {
        #expect(decode([byte]) == [key])
    }

    @Test func printableASCIIAndUTF8BecomeCharacters() {
        #expect(decode("a Z~") == [.character("a"), .character(" "), .character("Z"), .character("~")])
        #expect(decode("é€😀") == [.character("é"), .character("€"), .character("😀")])
    }

    @Test func crLfAndCrlfAreEachOneEnter() {
        #expect(decode("a\rb\nc\r\nd") == [
            .character("a"), .enter, .character("b"), .enter, .character("c"), .enter, .character("d"),
        ])
    }

    @Test func repeatedLineEndsAreSeparateEnters() {
        #expect(decode("\r\r") == [.enter, .enter])
        #expect(decode("\n\n") == [.enter, .enter])
        #expect(decode("\n\r") == [.enter, .enter])
        #expect(decode("\r\n\r\n") == [.enter, .enter])
        #expect(decode("\r\n\n") == [.enter, .enter])
    }

    @Test func anLFInTheNextReadStillCompletesCRLF() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array("ok\r".utf8)) == [.character("o"), .character("k"), .enter])
        #expect(decoder.keys(from: Array("\n".utf8)) == [])
        #expect(decoder.keys(from: Array("\n".utf8)) == [.enter])
    }

    @Test(arguments: [
        ("\u{1B}x", [Key.ignored]),
        ("\u{1B}[1;5C", [.ignored]),
        ("\u{1B}[2~", [.ignored]),
        ("\u{1B}[15~", [.ignored]),
        ("\u{1B}[?25h", [.ignored]),
        ("\u{1B}[200~ab\u{1B}[201~", [.ignored, .character("a"), .character("b"), .ignored]),
        ("\u{1B}[Z", [.ignored]),
        ("\u{1B}OP", [.ignored]),
        ("\u{1B}\u{1B}[A", [.ignored, .up]),
    ])
    func unknownEscapeSequencesAreOneIgnoredKeyEach(sequence: String, keys: [Key]) {
        #expect(decode(sequence) == keys)
    }

    @Test func aControlByteEndsAnEscapeSequenceAndStillCounts() {
        #expect(decode("\u{1B}[1\r") == [.ignored, .enter])
        #expect(decode("\u{1B}\r\n") == [.ignored, .enter])
        #expect(decode("\u{1B}O\u{7F}") == [.ignored, .backspace])
    }

    @Test func anOverlongEscapeSequenceIsIgnoredAndSkippedToItsEnd() {
        let sequence = "\u{1B}[" + String(repeating: "1", count: 40) + "A"
        #expect(decode(sequence + "b") == [.ignored, .character("b")])
    }

    @Test func anOverlongSequenceNeverHoldsMoreThanTheLimit() {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        decoder.decode(0x1B, into: &keys)
        decoder.decode(UInt8(ascii: "["), into: &keys)
        for _ in 0..<10_000 {
            decoder.decode(UInt8(ascii: "9"), into: &keys)
            #expect(decoder.pendingByteCount < KeyDecoder.maxEscapeSequenceBytes)
        }
        #expect(keys == [.ignored])
    }

    @Test(arguments: [
        ([0xC0, 0x80], [Key.ignored, .ignored]),
        ([0xE0, 0x80, 0x80], [.ignored]),
        ([0xED, 0xA0, 0x80], [.ignored]),
        ([0xF4, 0x90, 0x80, 0x80], [.ignored]),
        ([0xF8, 0x88], [.ignored, .ignored]),
        ([0x80], [.ignored]),
        ([0xC3, 0x61], [.ignored, .character("a")]),
        ([0xE2, 0x82, 0x0D], [.ignored, .enter]),
        ([0xC2, 0x85], [.ignored]),
        ([0xE2, 0x80, 0xA8], [.ignored]),
        ([0xEF, 0xBB, 0xBF], [.ignored]),
    ] as [([UInt8], [Key])])
    func invalidOrUnprintableUTF8IsIgnored(bytes: [UInt8], keys: [Key]) {
        #expect(decode(bytes) == keys)
    }

    @Test func aLoneEscapeCanBeAbandonedSoTheNextKeyIsKept() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B]) == [])
        #expect(decoder.hasPendingSequence)
        #expect(decoder.abandonPendingSequence() == .ignored)
        #expect(!decoder.hasPendingSequence)
        #expect(decoder.keys(from: Array("a".utf8)) == [.character("a")])
        #expect(decoder.abandonPendingSequence() == nil)
    }

    @Test func withoutAbandoningEscapeThenALetterIsOneIgnoredKey() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B]) == [])
        #expect(decoder.keys(from: Array("a".utf8)) == [.ignored])
    }
}
