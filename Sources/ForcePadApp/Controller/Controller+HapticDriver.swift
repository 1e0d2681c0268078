import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import Glibc
import Logging

/// The board's DRV2605L and the calibration `haptic calibrate` saved for it.
extension Controller {
    /// The DRV2605L calibration saved by `haptic calibrate`, when the board has a driver and
    /// the file is there; one that cannot be used is logged and left out (the chip then runs
    /// with its defaults until `haptic calibrate`).
    static func savedDriverCalibration(
        board: BoardDescription, stateKey: String, stateDirectory: String, logger: Logger
    ) -> DRV2605LCalibration? {
        guard let driver = board.hapticDriver else { return nil }
        let path = stateDirectory + "/" + HapticDriverCalibrationFile.fileName(board: stateKey)
        guard access(path, F_OK) == 0 else { return nil }
        do {
            return try HapticDriverCalibrationFile.load(path: path, board: board.name, driver: driver)
        } catch {
            logger.warning("\(error.description)")
            return nil
        }
    }

    /// The board's DRV2605L; nil without `[haptic.driver]`.
    var hapticDriver: (any HapticDriverControl)? { runtime.hapticDriver }

    /// Whether a DRV2605L calibration is saved for this board's actuator settings.
    var driverCalibrationSaved: Bool {
        Self.savedDriverCalibration(board: board, stateKey: boardStateKey, stateDirectory: stateDirectory, logger: logger) != nil
    }
}
