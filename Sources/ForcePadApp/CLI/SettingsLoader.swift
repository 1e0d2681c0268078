import ArgumentParser
import FoundationEssentials
import ForcePadConfig
import ForcePadCore

/// Loads what `run` and `replay` share: the config file and the board's saved calibration.
/// Problems are printed as one line and end the program with status 2.
enum SettingsLoader {
    /// The settings of the lab's file (`paths.systemConfigFile`, if it exists) with the
    /// user's on top (`config`, else `paths.configFile` if it exists) over the built-in
    /// defaults, the files they came from, and the files `config save` and `config diff` use.
    /// They are checked for `board` (its sample rate bounds the filter).
    static func load(config: String?, paths: StandardPaths, board: BoardDescription) throws(ExitCode) -> (ControllerSettings, String, ConfigFiles) {
        let files = ConfigFiles(systemFile: paths.systemConfigFile, userFile: config ?? paths.configFile, userFileRequired: config != nil)
        do {
            let snapshot = try files.load(sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver)
            return (snapshot.settings, snapshot.source, files)
        } catch {
            StandardError.write("forcepad: \(error.description)")
            throw ExitCode(2)
        }
    }

    /// The board's saved calibration from the state directory, else the board's default curve.
    /// A damaged file stops the start-up rather than being silently replaced.
    static func calibration(board: BoardDescription, stateKey: String, stateDirectory: String) throws(ExitCode) -> CalibrationSet {
        let path = stateDirectory + "/" + CalibrationFile.fileName(board: stateKey)
        guard FileManager.default.fileExists(atPath: path) else { return CalibrationSet(boardDefault: board) }
        do {
            return try CalibrationFile.load(path: path, board: board)
        } catch {
            StandardError.write("forcepad: \(error.description) (move the file away to use the board's default calibration)")
            throw ExitCode(2)
        }
    }
}
