/// A setting whose running value differs from what the config files give.
public struct ConfigDifference: Sendable, Equatable {
    public let key: String
    /// The files' value as TOML text; nil when the files do not have the key in this form
    /// (`thresholds.peek` while the files choose a preset).
    public let saved: String?
    /// The running value as TOML text; nil when the running settings drop the key.
    public let running: String?

    public init(key: String, saved: String?, running: String?) {
        self.key = key
        self.saved = saved
        self.running = running
    }

    /// Every key whose text differs between `saved` and `running`, in `running`'s order then
    /// the keys only `saved` has.
    public static func between(saved: [ConfigValue], running: [ConfigValue]) -> [ConfigDifference] {
        var savedTexts: [String: String] = [:]
        for value in saved { savedTexts[value.key] = value.text }
        let runningKeys = Set(running.map(\.key))
        var differences: [ConfigDifference] = []
        for value in running where savedTexts[value.key] != value.text {
            differences.append(ConfigDifference(key: value.key, saved: savedTexts[value.key], running: value.text))
        }
        for value in saved where !runningKeys.contains(value.key) {
            differences.append(ConfigDifference(key: value.key, saved: value.text, running: nil))
        }
        return differences
    }
}
