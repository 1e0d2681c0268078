import ForcePadConfig
import ForcePadCore

/// The station's retained status document (`PREFIX/STATION/status`): who it is, what it
/// runs with, and whether it is online. `settings_sha256` is the SHA-256 of the settings in
/// force as `config show` lists them (the same settings give the same digest on every
/// station); `calibration_crc32` the calibration in use's checksum, as `calibrate show` gives it.
struct FleetStatus: Sendable {
    let station: String
    let board: String
    let settings: PublishedSettings
    /// The trial or recording in progress, nil when none.
    let running: @Sendable () -> String?

    func document(online: Bool) -> String {
        let values = ConfigValueList.values(of: settings.current).map { "\($0.key) = \($0.text)" }.joined(separator: "\n")
        return JSONValue.object([
            ("station", .string(station)), ("state", .string(online ? "online" : "offline")), ("board", .string(board)),
            ("version", .string(ForcePadVersion.current)), ("settings_sha256", .string(SHA256.hex(Array(values.utf8)))),
            ("calibration_crc32", .string(settings.calibrationCRC32)), ("running", online ? running().map(JSONValue.string) ?? .null : .null),
        ]).rendered()
    }
}
