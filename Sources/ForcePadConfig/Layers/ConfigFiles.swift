import ForcePadCore
import Glibc

/// The config files of a session, layered: the lab's defaults (``systemFile``,
/// `/etc/forcepad/forcepad.toml`), then the user's file on top (``userFile``: `--config PATH`,
/// else `~/.config/forcepad/forcepad.toml`). Built-in defaults lie under both. Each key comes
/// from the top file that writes it; `config save` writes the user's file only.
public struct ConfigFiles: Sendable, Equatable {
    /// The lab's file, read when it exists; nil when there is none to look for.
    public let systemFile: String?
    /// The user's file: read when it exists, written by `config save`.
    public let userFile: String
    /// Whether the user's file must exist (it was named with `--config`).
    public let userFileRequired: Bool

    public init(systemFile: String?, userFile: String, userFileRequired: Bool) {
        self.systemFile = systemFile
        self.userFile = userFile
        self.userFileRequired = userFileRequired
    }

    /// Whether a file (or a link to one) is at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The files that exist now, lowest first, read and checked by ``TextFileReader``.
    public func layers() throws(ConfigError) -> [ConfigLayer] {
        var layers: [ConfigLayer] = []
        if let systemFile, Self.exists(systemFile) { layers.append(try ConfigLayer.read(path: systemFile)) }
        if userFileRequired || Self.exists(userFile) { layers.append(try ConfigLayer.read(path: userFile)) }
        return layers
    }

    /// Reads the files as they are now and checks them for a board sampling at `sampleRateHz`
    /// with `hapticDriver` (nil: none).
    public func load(sampleRateHz: Int?, hapticDriver: HapticDriverDescription? = nil) throws(ConfigError) -> ConfigSnapshot {
        try ConfigSnapshot(layers: layers(), sampleRateHz: sampleRateHz, hapticDriver: hapticDriver)
    }
}
