/// Where a shortcut comes from, after the phone's static (Info.plist) and dynamic quick actions.
public enum ShortcutOrigin: Sendable, Equatable {
    /// A `[[shortcuts]]` table of the config file; removed only by editing that file.
    case config
    /// Added at run time (`shortcut add`) and kept in the state directory; `version` is the
    /// ForcePad version that added it (`"0.1.0"`).
    case dynamic(version: String)
}
