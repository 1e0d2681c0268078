import ArgumentParser
import FoundationEssentials
import ForcePadConfig
import ForcePadCore

/// Loads what `run` and `replay` share: the config file and the board's saved calibration.
/// Problems are printed as one line and end the program with status 2.
enum SettingsLoader {
    /// The settings from `config`, else from the default file if it exists, else built in;
    /// with where they came from. They are checked for `board` (its sample rate bounds the filter).
    static func load(config: String?, defaultPath: String, board: BoardDescription) throws(ExitCode) -> (ControllerSettings, String) {
        let path: String
        if let config {
            path = config
        } else if FileManager.default.fileExists(atPath: defaultPath) {
            path = defaultPath
        } else {
            return (.standard, "built-in defaults")
        }
        do {
            return (try ConfigFileLoader.load(path: path, sampleRateHz: board.sampleRateHz), path)
        } catch {
            StandardError.write("forcepad: \(error.description)")
            throw ExitCode(2)
        }
    }

    /// The board's saved calibration from the state directory, else the board's default curve.
    /// A damaged file stops the start-up rather than being silently replaced.
    static func calibration(board: BoardDescription, stateDirectory: String) throws(ExitCode) -> CalibrationSet {
        let path = stateDirectory + "/" + CalibrationFile.fileName(board: board.name)
        guard FileManager.default.fileExists(atPath: path) else { return CalibrationSet(boardDefault: board) }
        do {
            return try CalibrationFile.load(path: path, board: board)
        } catch {
            StandardError.write("forcepad: \(error.description) (move the file away to use the board's default calibration)")
            throw ExitCode(2)
        }
    }
}
