import ForcePadCore
import ForcePadShell
import Testing

/// A tiny context and table to exercise the interpreter independently of ForcePad's commands.
private final class Counter {
    var value = 0
}

private let table = CommandTable<Counter>([
    ShellCommand(name: "add", usage: ["add N"], summary: "add N to the counter", details: ["N is a whole number."], examples: ["add 2"]) {
        arguments, counter throws(CommandFailure) in
        let word = try arguments.word("N")
        guard let amount = Int(word) else { throw CommandFailure("'\(word)' is not a whole number") }
        try arguments.end()
        counter.value += amount
        return CommandReply(lines: ["\(counter.value)"], fields: [("value", .int(Int64(counter.value)))])
    },
    ShellCommand(name: "status", usage: ["status"], summary: "show the counter") { arguments, counter throws(CommandFailure) in
        try arguments.end()
        return CommandReply(lines: ["\(counter.value)"])
    },
])

@Suite struct CommandTableTests {
    @Test func runsACommandAndRendersBothModes() {
        let counter = Counter()
        let outcome = table.execute("add 3", context: counter)
        #expect(counter.value == 3)
        #expect(outcome.humanLines == ["3"])
        #expect(outcome.jsonLine == #"{"ok":true,"cmd":"add","value":3}"#)
    }

    @Test func unknownCommandSuggestsTheNearest() {
        let outcome = table.execute("stauts", context: Counter())
        #expect(outcome.humanLines == ["error: unknown command 'stauts': did you mean 'status'? type help for the list"])
        #expect(outcome.jsonLine == #"{"ok":false,"cmd":"stauts","error":"unknown command 'stauts': did you mean 'status'? type help for the list"}"#)
    }

    @Test func missingAndExtraArgumentsQuoteTheUsage() {
        #expect(table.execute("add", context: Counter()).humanLines == ["error: missing N; usage: add N"])
        #expect(table.execute("add 1 2", context: Counter()).humanLines == ["error: unexpected '2'; usage: add N"])
    }

    @Test func helpIsGeneratedFromTheTable() {
        let list = table.execute("help", context: Counter()).humanLines
        #expect(list == [
            "Commands (help COMMAND for details):",
            "  help    list commands or explain one",
            "  add     add N to the counter",
            "  status  show the counter",
        ])
        let one = table.execute("help add", context: Counter()).humanLines
        #expect(one == ["add N", "  add N to the counter", "  N is a whole number.", "Examples:", "  add 2"])
        #expect(table.execute("add -h", context: Counter()).humanLines == one)
        #expect(table.execute("help ad", context: Counter()).humanLines == ["error: no command 'ad': did you mean 'add'? type help for the list"])
    }

    @Test func emptyLineDoesNothing() {
        let outcome = table.execute("   ", context: Counter())
        #expect(outcome.command.isEmpty && outcome.humanLines.isEmpty)
    }

    @Test func tokenizerErrorsAreReportedAsFailures() {
        #expect(table.execute("add \"1", context: Counter()).humanLines == ["error: unterminated \" quote: close it with \""])
    }
}
