import ForcePadCore

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

    /// The settings a user changed between `saved` and `running`, as ``ConfigValueList``
    /// keys: the differences, except that a preset and the numbers it gives are one setting
    /// written two ways. Moving from a preset to numbers (or back) names only the thresholds
    /// whose force changed, not `preset` or a threshold that kept its force.
    public static func changedKeys(saved: ControllerSettings, running: ControllerSettings) -> [String] {
        let keys = between(saved: ConfigValueList.values(of: saved), running: ConfigValueList.values(of: running)).map(\.key)
        guard (saved.preset == nil) != (running.preset == nil) else { return keys }
        let unchanged: Set<String> = [
            saved.thresholds.peek == running.thresholds.peek ? "thresholds.peek" : nil,
            saved.thresholds.pop == running.thresholds.pop ? "thresholds.pop" : nil,
            "preset",
        ].compactMap { $0 }.reduce(into: []) { $0.insert($1) }
        let changed = keys.filter { !unchanged.contains($0) }
        return changed.isEmpty ? ["preset"] : changed
    }
}
