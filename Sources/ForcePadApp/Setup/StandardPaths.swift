import FoundationEssentials

/// Where ForcePad keeps its files when no option says otherwise (XDG base directories):
/// state in `$XDG_STATE_HOME/forcepad` (default `~/.local/state/forcepad`), the config file
/// at `$XDG_CONFIG_HOME/forcepad/forcepad.toml` (default `~/.config/forcepad/forcepad.toml`),
/// over the lab's defaults in `$CONFIGURATION_DIRECTORY/forcepad.toml` (default
/// `/etc/forcepad/forcepad.toml`; systemd sets the variable for a service with
/// `ConfigurationDirectory=`).
public struct StandardPaths: Sendable {
    public let stateDirectory: String
    public let configFile: String
    /// The lab-wide defaults, layered under ``configFile``.
    public let systemConfigFile: String
    /// Where the lab-wide config file lives when no variable says otherwise.
    public static let systemConfigDirectory = "/etc/forcepad"

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/state"
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        stateDirectory = state + "/forcepad"
        configFile = config + "/forcepad/forcepad.toml"
        let configurationDirectory = environment["CONFIGURATION_DIRECTORY"]
            .flatMap { $0.split(separator: ":").first.map(String.init) } ?? Self.systemConfigDirectory
        systemConfigFile = configurationDirectory + "/forcepad.toml"
    }

    /// Creates `directory` (and parents) if needed, or explains why it cannot.
    public static func prepareStateDirectory(_ directory: String) -> Result<Void, SetupError> {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return .failure(SetupError("cannot create the state directory \(directory): \(error); choose another with --state-dir"))
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            return .failure(SetupError("the state directory \(directory) is not writable; fix its permissions or choose another with --state-dir"))
        }
        return .success(())
    }
}
