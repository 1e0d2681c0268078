import ForcePadCore
import ForcePadShell
import Testing

@Suite struct CommandLineTokenizerTests {
    @Test(arguments: [
        ("threshold peek 150g", ["threshold", "peek", "150g"]),
        ("  sim   press\t200g  ", ["sim", "press", "200g"]),
        ("shortcut add lab.tare \"Tare all\" 'tare'", ["shortcut", "add", "lab.tare", "Tare all", "tare"]),
        ("x subtitle=\"two words\"", ["x", "subtitle=two words"]),
        ("say \"a \\\"quoted\\\" word\"", ["say", "a \"quoted\" word"]),
        ("say 'back\\slash'", ["say", "back\\slash"]),
        ("empty \"\"", ["empty", ""]),
        ("", []),
    ])
    func splitsWords(line: String, words: [String]) throws {
        #expect(try CommandLineTokenizer.words(in: line) == words)
    }

    @Test func unterminatedQuoteIsAnError() {
        #expect(throws: CommandFailure("unterminated \" quote: close it with \"")) {
            try CommandLineTokenizer.words(in: "say \"hello")
        }
    }

    @Test func controlCharactersAreRefused() {
        #expect(throws: CommandFailure("line contains the control character 0x0; type plain text")) {
            try CommandLineTokenizer.words(in: "status\u{0}")
        }
        #expect(throws: CommandFailure("line contains the control character 0x1B; type plain text")) {
            try CommandLineTokenizer.words(in: "\u{1B}[A")
        }
    }

    @Test func overlongLinesAreRefusedNotTruncated() {
        let line = String(repeating: "a", count: 1025)
        #expect(throws: CommandFailure("line too long (1025 bytes; at most 1024)")) {
            try CommandLineTokenizer.words(in: line)
        }
    }
}
