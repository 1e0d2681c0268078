import ForcePadConfig
import ForcePadCore
import Glibc

/// The board's calibration file as it is now, beside the calibration in use: what
/// `calibrate show` and `status` say about it, so a saved calibration that is not yet used
/// never goes unnoticed.
enum SavedCalibrationStatus {
    /// No file at `path`.
    case none(path: String)
    /// The file holds the tables in use.
    case inUse(path: String)
    /// The file holds other tables (`crc32`: their checksum, 8 hex digits); `calibrate use`
    /// or a restart applies them.
    case waiting(path: String, crc32: String, calibration: CalibrationSet)
    /// The file does not load; `problem` says why.
    case unreadable(path: String, problem: String)

    /// The state of `controller`'s calibration file, read now.
    init(_ controller: any LabHost) {
        let path = controller.calibrationFile
        guard access(path, F_OK) == 0 else {
            self = .none(path: path)
            return
        }
        let saved: CalibrationSet
        do throws(ConfigError) {
            saved = try CalibrationFile.load(path: path, board: controller.board)
        } catch {
            self = .unreadable(path: path, problem: error.description)
            return
        }
        if saved.tables == controller.calibration.tables {
            self = .inUse(path: path)
        } else {
            self = .waiting(path: path, crc32: CRC32.hex(saved.checksum(board: controller.board.name)), calibration: saved)
        }
    }

    var path: String {
        switch self {
        case .none(let path), .inUse(let path), .waiting(let path, _, _), .unreadable(let path, _): path
        }
    }

    /// What `calibrate show` says after `saved: `.
    var description: String {
        switch self {
        case .none(let path): "none (calibrate save writes \(path))"
        case .inUse(let path): "\(path) is the calibration in use"
        case .waiting(let path, let crc32, _): "\(path) (crc32 \(crc32)) is not the calibration in use; calibrate use applies it now (or restart)"
        case .unreadable(_, let problem): "cannot be loaded: \(problem)"
        }
    }

    /// What `status` adds after the source of the calibration in use.
    var statusSuffix: String {
        switch self {
        case .none: " (nothing saved)"
        case .inUse: " (the saved file)"
        case .waiting(let path, _, _): "; \(path) waits: calibrate use applies it"
        case .unreadable(let path, _): "; \(path) cannot be loaded: calibrate show says why"
        }
    }

    /// The JSON object: `state` (none, in use, waiting, unreadable), `path`, `crc32` and `problem`.
    var json: JSONValue {
        let (state, crc32, problem): (String, String?, String?) = switch self {
        case .none: ("none", nil, nil)
        case .inUse: ("in use", nil, nil)
        case .waiting(_, let crc32, _): ("waiting", crc32, nil)
        case .unreadable(_, let problem): ("unreadable", nil, problem)
        }
        return .object([
            ("state", .string(state)), ("path", .string(path)),
            ("crc32", crc32.map { .string($0) } ?? .null), ("problem", problem.map { .string($0) } ?? .null),
        ])
    }
}
