import ForcePadShell
import Testing

/// The decoder must give the same keys however a read splits the bytes, and must survive
/// any byte stream with bounded state.
@Suite struct KeyDecoderChunkingTests {
    /// Every kind of sequence the decoder knows, including malformed ones.
    private static let mixedStream = Array(
        ("st\u{1B}[Aé\r\nx\u{1B}OH€\r\u{1B}[3~\u{7F}\u{1B}[1;5C\u{1B}x😀\n\u{1B}["
            + String(repeating: "7", count: 20) + "B\t\u{1}\u{17}").utf8) + [0xC3, 0x41, 0xFF, 0x0D, 0x0A]

    private static let expectedKeys: [Key] = [
        .character("s"), .character("t"), .up, .character("é"), .enter, .character("x"), .home, .character("€"),
        .enter, .delete, .backspace, .ignored, .ignored, .character("😀"), .enter, .ignored, .tab, .controlA,
        .controlW, .ignored, .character("A"), .ignored, .enter,
    ]

    @Test func theWholeStreamAtOnceGivesTheExpectedKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Self.mixedStream) == Self.expectedKeys)
    }

    @Test func byteByByteGivesTheSameKeys() {
        var decoder = KeyDecoder()
        let keys = Self.mixedStream.flatMap { decoder.keys(from: [$0]) }
        #expect(keys == Self.expectedKeys)
    }

    @Test func everySplitIntoTwoOrThreeReadsGivesTheSameKeys() {
        let bytes = Self.mixedStream
        var mismatches: [(Int, Int)] = []
        for first in 0...bytes.count {
            for second in first...bytes.count {
                var decoder = KeyDecoder()
                let keys =
                    decoder.keys(from: bytes[..<first]) + decoder.keys(from: bytes[first..<second])
                    + decoder.keys(from: bytes[second...])
                if keys != Self.expectedKeys { mismatches.append((first, second)) }
            }
        }
        #expect(mismatches.isEmpty, "splits at \(mismatches.prefix(5)) decoded differently")
    }

    @Test func aMegabyteOfRandomBytesNeverHoldsMoreThanTheLimitAndResynchronises() {
        var random = TestRandomBytes(seed: 0x5EED_F00D)
        var decoder = KeyDecoder()
        var fed = 0
        var keyCount = 0
        var largestPending = 0
        while fed < 1 << 20 {
            let chunk = random.bytes(count: 1 + Int(random.next() % 64))
            keyCount += decoder.keys(from: chunk).count
            largestPending = max(largestPending, decoder.pendingByteCount)
            fed += chunk.count
        }
        #expect(largestPending < KeyDecoder.maxEscapeSequenceBytes)
        #expect(keyCount > 0 && keyCount <= 2 * fed)
        #expect(decoder.keys(from: Array("\rok".utf8)).suffix(3) == [.enter, .character("o"), .character("k")])
    }

    @Test func randomBytesGiveTheSameKeysWhateverTheChunking() {
        var random = TestRandomBytes(seed: 42)
        let bytes = random.bytes(count: 64 * 1024)
        var whole = KeyDecoder()
        let expected = whole.keys(from: bytes)
        var chunked = KeyDecoder()
        var keys: [Key] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 1 + Int(random.next() % 7))
            keys += chunked.keys(from: bytes[offset..<end])
            offset = end
        }
        #expect(keys == expected)
    }
}

/// A seeded xorshift64* stream: the same bytes on every run.
private struct TestRandomBytes {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 1 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next() >> 56) }
    }
}
