import ForcePadCore
import ForcePadShell
import Testing

/// Bounded fuzzing of everything that reads operator input: the tokenizer, the argument
/// reader, quantities and haptic patterns. Inputs are random bytes and mutations of valid
/// command lines; each run is seeded (the seed is in the failure message) and bounded by a count
/// of inputs, so it runs in every `make test`. The property: no crash, no hang, and every refusal is a
/// single line that quotes nothing longer than the input.
@Suite struct ShellInputFuzzTests {
    static let corpus = [
        "threshold peek 150g", "sim press 400g for 300ms at 0.25", "haptic test \"on 20ms off 30ms on 20ms\"",
        "shortcut add lab.tare \"Tare all\" \"tare\" subtitle=\"zero\" icon=tare", "filter biquad 40Hz", "hysteresis dwell 5ms",
        "sim press 1.5N at 0.2,0.8", "monitor json 50Hz for 2s", "'quoted \\\"words\\\"' \\\\ end",
    ]

    /// Inputs per run: a count, not a time budget, so a loaded or emulated machine checks as
    /// many as a fast one (about 1 s in a native debug build).
    static let inputCount = 3_000

    @Test func randomAndMutatedLinesNeverCrashAndGetOneLineErrors() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = SeededRandom(seed: seed)
        for _ in 0..<Self.inputCount {
            check(Self.input(&random), seed: seed)
        }
    }

    private func check(_ line: String, seed: UInt64) {
        do {
            let words = try CommandLineTokenizer.words(in: line)
            var cursor = ArgumentCursor(words: words, usage: "fuzz")
            while !cursor.isAtEnd {
                _ = try? cursor.force("force")
                _ = try? cursor.durationMicros("duration")
                _ = cursor.accept("for")
                _ = try? cursor.word("word")
            }
            for word in words {
                _ = QuantityParser.frequencyMilliHertz(word)
                _ = try? HapticPattern(parsing: word)
            }
        } catch {
            #expect(!error.message.contains("\n") && !error.message.contains("\r"), "seed \(seed): multi-line error for \(line.debugDescription)")
        }
    }

    static func input(_ random: inout SeededRandom) -> String {
        switch random.next() % 3 {
        case 0:
            let bytes = (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return String(decoding: bytes, as: UTF8.self)
        default:
            var scalars = Array(corpus[Int(random.next() % UInt64(corpus.count))].unicodeScalars)
            for _ in 0..<(1 + random.next() % 6) where !scalars.isEmpty {
                let index = Int(random.next() % UInt64(scalars.count))
                switch random.next() % 4 {
                case 0: scalars.remove(at: index)
                case 1: scalars.insert(Unicode.Scalar(UInt8(truncatingIfNeeded: random.next() % 128)), at: index)
                case 2: scalars[index] = ["\"", "'", "\\", " ", "=", "g", "N", "m", "s", ".", "-", "9"].randomElement(using: &random)!.unicodeScalars.first!
                default: scalars += scalars[index...]
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return text
        }
    }
}

/// SplitMix64, so a failing fuzz run can be repeated from its seed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
