import ArgumentParser

/// `forcepad replay TRACE.csv`: runs a recorded trace through the pipeline. Not available in
/// this version.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a raw or force trace through the pipeline and print the events (not available in this version).")

    @Argument(help: ArgumentHelp("Trace file (CSV: t_us,ch0,… or t_us,g0,…).", valueName: "TRACE.csv"))
    var trace: String

    @OptionGroup var boardOption: BoardOption

    @Option(name: .long, help: ArgumentHelp("Config file.", valueName: "PATH"))
    var config: String?

    @Flag(name: .long, help: "Print events as JSON lines.")
    var json = false

    func run() throws {
        StandardError.write("forcepad: replay is not available in this version: it needs press recognition; use the shell's 'sim press' on the sim board")
        throw ExitCode(2)
    }
}
