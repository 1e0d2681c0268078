import ForcePadCore

/// The settings the config files give, read at one moment, with where each value is written.
public struct ConfigSnapshot {
    /// The files read, lowest first (none: built-in defaults only).
    public let layers: [ConfigLayer]
    public let settings: ControllerSettings
    /// ``settings`` as ``ConfigValueList`` writes them.
    public let values: [ConfigValue]
    private let document: ConfigDocument

    /// Parses and checks `layers` as ``ConfigFileLoader/parse(layers:sampleRateHz:)`` does, for
    /// a board with `hapticDriver` (nil: none).
    public init(layers: [ConfigLayer], sampleRateHz: Int?, hapticDriver: HapticDriverDescription? = nil) throws(ConfigError) {
        self.layers = layers
        document = try ConfigDocument(layers: layers)
        settings = try ConfigFileLoader.parse(document: document, sampleRateHz: sampleRateHz, hapticDriver: hapticDriver)
        values = ConfigValueList.values(of: settings)
    }

    /// The files read, for messages: `a.toml + b.toml`, or `built-in defaults`.
    public var source: String {
        layers.isEmpty ? "built-in defaults" : layers.map(\.file).joined(separator: " + ")
    }

    /// The files that write `section` or a key in it, for messages: `b.toml`, `a.toml + b.toml`,
    /// or `built-in defaults` when none does (so the `[trials]` limits name only the layer
    /// that set them).
    public func source(of section: String) -> String {
        let writers = document.layers.filter { $0.locator.writes(ConfigKeyPath(dotted: section)) }.map(\.file)
        return writers.isEmpty ? "built-in defaults" : writers.joined(separator: " + ")
    }

    /// Where the value of `key` (dotted) is written, `FILE:LINE`; `preset NAME (FILE:LINE)`
    /// for a threshold that a preset sets; nil when it is built in.
    public func origin(of key: String) -> String? {
        if let (file, line) = document.origin(of: ConfigKeyPath(dotted: key)) { return "\(file):\(line)" }
        if key == "thresholds.peek" || key == "thresholds.pop", let preset = settings.preset {
            let stage = key.dropFirst("thresholds.".count)
            let presetKey = "presets.\(preset.rawValue).\(stage)"
            return "preset \(preset.rawValue) (" + (origin(of: presetKey) ?? "built in") + ")"
        }
        return nil
    }
}
