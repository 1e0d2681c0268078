import ArgumentParser
import FoundationEssentials

/// The command line as swift-argument-parser declares it, the source of every `--help`: its
/// own description of a command (`_dumpHelp()`, the JSON that `--experimental-dump-help`
/// prints and its `generate-manual` plugin reads), decoded as far as the man page uses it.
struct CommandLineDeclaration: Decodable {
    let command: Command

    struct Command: Decodable {
        let commandName: String
        let subcommands: [Command]?
        let arguments: [Argument]?
    }

    /// An argument, option or flag, with the words its `--help` entry is made of.
    struct Argument: Decodable {
        enum Kind: String, Decodable {
            case positional, option, flag
        }

        struct Name: Decodable {
            enum Kind: String, Decodable {
                case long, short, longWithSingleDash
            }

            let kind: Kind
            let name: String

            /// As typed: `--board`, `-h`, `-help`.
            var spelled: String {
                switch kind {
                case .long: "--" + name
                case .short, .longWithSingleDash: "-" + name
                }
            }
        }

        let kind: Kind
        /// False for an argument `--help` leaves out.
        let shouldDisplay: Bool
        let names: [Name]?
        let valueName: String?
        let abstract: String?
        let discussion: String?
        let defaultValue: String?
        let allValues: [String]?

        /// What `--help` appends to the abstract: `(values: a, b; default: a)`, `(default: a)`.
        var valuesAndDefault: String? {
            let values = (allValues ?? []).filter { !$0.isEmpty }.joined(separator: ", ")
            switch (values.isEmpty, defaultValue ?? "") {
            case (true, ""): return nil
            case (true, let value): return "(default: \(value))"
            case (false, ""): return "(values: \(values))"
            case (false, let value): return "(values: \(values); default: \(value))"
            }
        }
    }

    /// `command` and its subcommands as the parser describes them.
    init(of command: any ParsableCommand.Type) {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(command._dumpHelp().utf8))
        } catch {
            preconditionFailure("swift-argument-parser's description of \(command) no longer reads as expected: \(error)")
        }
    }
}
