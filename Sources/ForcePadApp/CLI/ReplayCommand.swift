import ArgumentParser
import FoundationEssentials
import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles

/// `forcepad replay TRACE.csv`: runs a recorded or scripted trace through the pipeline, the
/// press recogniser and the haptic scheduler (GPIO simulated) and prints the events.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a raw or force trace through the pipeline and print the events (deterministic).",
        discussion: "Raw recordings (t_us,ch0,…) are used as recorded; force traces (t_us,g0,…) become counts through the board's inverse calibration. Each row is one loop period at its own time; after the last row the loop runs on until haptic patterns have finished. A recording's folder (state dir recordings/NAME) replays as it was made: on the copy of its board file (board.toml; a --board with other content is refused, naming both SHA-256 digests; a recording made without a copy needs --board), its loop times, its tare and its calibration; its events up to the last frame are printed and compared with the recorded ones (on standard error).")

    @Argument(help: ArgumentHelp("Trace file (CSV: t_us,ch0,… or t_us,g0,…), or a recording's folder.", valueName: "TRACE.csv|RECORDING"))
    var trace: String

    @Flag(name: .customLong("recorded-settings"), help: "For a recording: use the thresholds, hysteresis and filter it was recorded with.")
    var recordedSettings = false

    @OptionGroup var boardOption: BoardOption

    @Option(name: .long, help: ArgumentHelp("Config file, over the lab's /etc/forcepad/forcepad.toml, as forcepad run reads them (default: ~/.config/forcepad/forcepad.toml if it exists).", valueName: "PATH"))
    var config: String?

    @Option(name: .customLong("state-dir"), help: ArgumentHelp("Directory holding a saved calibration for the board (default: ~/.local/state/forcepad).", valueName: "DIR"))
    var stateDirectory: String?

    @Flag(name: .long, help: "Print events as JSON lines.")
    var json = false

    func run() throws {
        let paths = StandardPaths()
        var isFolder: Bool = false
        if FileManager.default.fileExists(atPath: self.trace, isDirectory: &isFolder), isFolder {
            let given = boardOption.isGiven ? try boardOption.loadFile() : nil
            let recorded: BoardFile?
            do {
                recorded = try RecordedBoardFile.board(ofFolder: trace, given: given)
            } catch {
                StandardError.write("forcepad: \(error.message)")
                throw ExitCode(2)
            }
            let board = try recorded?.board ?? given?.board ?? boardOption.load()
            let (settings, _, _) = try SettingsLoader.load(config: config, paths: paths, board: board)
            try replayRecording(board: board, settings: settings)
            return
        }
        let boardFile = try boardOption.loadFile()
        let board = boardFile.board
        let (settings, _, _) = try SettingsLoader.load(config: config, paths: paths, board: board)
        let stateDirectory = self.stateDirectory ?? paths.stateDirectory
        let stateKey = BoardStateKey.resolve(board: board.name, contentDigest: boardFile.contentDigest, stateDirectory: stateDirectory, claim: false)
        let calibration = try SettingsLoader.calibration(board: board, stateKey: stateKey.key, stateDirectory: stateDirectory)
        let trace: ForceTrace
        do {
            trace = try TraceFileReader.read(path: self.trace, maxSpanMicros: ForceTrace.maxPlayedSpanMicros)
        } catch {
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(2)
        }
        let assembly: LoopAssembly
        do {
            assembly = try LoopAssembly(board: board, calibration: calibration, settings: settings)
        } catch {
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(2)
        }
        let formatter = EventFormatter(patternNames: assembly.patterns.names, geometry: board.geometry)
        let output = ConsoleOutput()
        var lines: [String] = []
        do {
            try ReplayRunner(assembly: assembly).run(trace) { event in
                if let line = json ? formatter.json(event)?.rendered() : formatter.humanLine(event) { lines.append(line) }
                if lines.count >= 256 {
                    output.write(lines: lines)
                    lines.removeAll(keepingCapacity: true)
                }
            }
        } catch {
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(2)
        }
        output.write(lines: lines)
    }

    /// Replays a recording's folder, prints its events and compares them with the recorded ones.
    private func replayRecording(board: BoardDescription, settings: ControllerSettings) throws {
        let replay: RecordingReplay
        do {
            let recording = try Recording.load(directory: trace, board: board)
            if recording.info.isInterrupted {
                StandardError.write("forcepad: \(trace) was cut short (never stopped): replaying its \(recording.info.frames) whole frames")
            }
            replay = try RecordingReplay(
                recording, board: board, settings: recordedSettings ? recording.info.recordedSettings(over: settings) : settings)
        } catch {
            StandardError.write("forcepad: \(error.message)")
            throw ExitCode(2)
        }
        let formatter = EventFormatter(patternNames: replay.patternNames, geometry: board.geometry)
        ConsoleOutput().write(
            lines: json ? replay.jsonLines(formatter: formatter) : replay.loopEvents.compactMap { formatter.humanLine($0, reference: replay.reference(at: $0)) })
        if let difference = replay.difference {
            StandardError.write("forcepad: the replay differs from the recording at \(difference)")
        } else {
            StandardError.write("forcepad: identical to the recording (\(CountText.of(replay.compared, "event")) compared, GPIO timing left out)")
        }
    }
}
