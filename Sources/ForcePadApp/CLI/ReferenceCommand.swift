import ArgumentParser
import ForcePadShell

/// `forcepad reference`: prints the shell's command reference in Markdown (the source of
/// `docs/commands.md`), or the whole man page (`--format man`).
struct ReferenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reference",
        abstract: "Print the shell command reference in Markdown (docs/commands.md), or the man page.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, man
    }

    @Option(help: "markdown: the shell commands (docs/commands.md); man: the forcepad(1) page, command line and shell.")
    var format: Format = .markdown

    @Option(help: "The date on the man page (YYYY-MM-DD; default today, UTC), so a package build can be reproducible.")
    var date: String?

    static var markdown: String {
        CommandReference.markdown(
            ShellCommandTable.table, title: "Shell commands",
            introduction: [
                "Every command the ForcePad shell accepts, generated from the shell's own command table",
                "(`forcepad reference` prints it). Forces take units (`150g`, `0.15kg`, `1.5N`, `1500mN`),",
                "durations too (`500us`, `20ms`, `2s`); words may be quoted with `\"…\"` or `'…'`. In JSON",
                "mode every command answers with one line `{\"ok\":true,\"cmd\":…}` or",
                "`{\"ok\":false,\"cmd\":…,\"error\":…}`.",
            ])
    }

    func run() {
        switch format {
        case .markdown: print(Self.markdown, terminator: "")
        case .man: print(ManualPage.text(date: date ?? WallClockText.utcDate()), terminator: "")
        }
    }
}
