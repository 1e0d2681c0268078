import ArgumentParser
import ForcePadConfig
import ForcePadCore
import Foundation

/// `forcepad probe`: checks the board's devices answer before a run, one line per check,
/// each failure with what to fix. Exits 0 when every check passed, 1 otherwise.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Check that the board's ADCs, haptic line and driver, reference sensor and serial port answer, and that real-time scheduling is allowed.",
        discussion: "Reads one frame from each converter, requests the haptic line (leaving it off), reads the DRV2605L's status and looks for its saved calibration when the board has one, reads the [reference] sensor for a second (rate, steadiness, a gauge's answer delay), opens the serial port, asks for SCHED_FIFO on a test thread, and connects to the [mqtt] broker when the config names one. Prints a table of results with fixes; exit status 0 when all passed, 1 when any failed.")

    @OptionGroup var boardOption: BoardOption

    @Option(name: .long, help: ArgumentHelp("Check this serial device instead of the board's.", valueName: "DEVICE"))
    var serial: String?

    @Option(name: .customLong("state-dir"), help: ArgumentHelp("Directory holding the haptic driver's saved calibration (default: ~/.local/state/forcepad).", valueName: "DIR"))
    var stateDirectory: String?

    @Option(name: .long, help: ArgumentHelp("Config file whose [mqtt] broker to check (default: the lab's and the user's, as forcepad run reads them).", valueName: "PATH"))
    var config: String?

    @Flag(name: .long, help: "Print the results as one JSON object.")
    var json = false

    func run() throws {
        let boardFile = try boardOption.loadFile()
        let board = boardFile.board
        let stateDirectory = self.stateDirectory ?? StandardPaths().stateDirectory
        let stateKey = BoardStateKey.resolve(board: board.name, contentDigest: boardFile.contentDigest, stateDirectory: stateDirectory, claim: false)
        var checks = DeviceProbe(board: board, serialDevice: serial, stateDirectory: stateDirectory, boardStateKey: stateKey.key).run()
        if let mqtt = try SettingsLoader.load(config: config, paths: StandardPaths(), board: board).0.mqtt {
            checks.append(BrokerProbe.check(mqtt))
        }
        let failed = checks.filter { $0.outcome == .fail }.count
        if json {
            print(JSONValue.object([
                ("board", .string(board.name)), ("passed", .bool(failed == 0)),
                ("checks", .array(checks.map(\.json))),
            ]).rendered())
        } else {
            let width = checks.map(\.subject.count).max() ?? 0
            for check in checks {
                let result = check.outcome.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
                print("\(result) \(check.subject.padding(toLength: width, withPad: " ", startingAt: 0))  \(check.detail)")
            }
            print(failed == 0 ? "all checks passed" : "\(CountText.of(failed, "check")) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
