import ArgumentParser
import ForcePadConfig
import ForcePadCore

/// `--board NAME|PATH`, shared by every subcommand.
struct BoardOption: ParsableArguments {
    /// Shell completion offers the boards the binary finds where it runs.
    @Option(name: .long, help: ArgumentHelp("Board name (boards/NAME.toml) or path to a board file (default: sim).", valueName: "NAME|PATH"),
            completion: .custom { _, _, _ in BoardLocator().knownBoards() })
    var board: String?

    /// Whether `--board` was given (a recording's folder replays on its own board file otherwise).
    var isGiven: Bool { board != nil }

    /// Finds and loads the board file, or exits 2 with a one-line message.
    func load() throws(ExitCode) -> BoardDescription { try loadFile().board }

    /// Finds and loads the board file with its text and content digest, or exits 2 with a
    /// one-line message.
    func loadFile() throws(ExitCode) -> BoardFile {
        let path: String
        switch BoardLocator().locate(board ?? "sim") {
        case .success(let found): path = found
        case .failure(let error):
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(2)
        }
        do {
            return try BoardFile.load(path: path)
        } catch {
            StandardError.write("forcepad: \(error.description)")
            throw ExitCode(2)
        }
    }
}
