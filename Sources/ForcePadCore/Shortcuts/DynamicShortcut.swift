/// A shortcut added at run time, as the shell received it and the state directory keeps it:
/// every field as text, with the ForcePad version that added it.
///
/// The icon is kept by name so that a name this version does not know (written by a newer
/// version) survives being loaded and saved again; such a shortcut is listed as invalid by
/// the ``ShortcutRegistry`` instead of being dropped.
public struct DynamicShortcut: Sendable, Equatable {
    /// Unique identifier, reverse-DNS style recommended (`lab.tare`).
    public var type: String
    /// What the operator sees.
    public var title: String
    public var subtitle: String?
    /// Name of a ``ShortcutIcon``, as given.
    public var iconName: String?
    /// Free key/value pairs carried with the shortcut.
    public var userInfo: [String: String]
    /// The shell command line it runs.
    public var command: String
    /// The ForcePad version that added it (`"0.1.0"`).
    public var version: String

    public init(
        type: String, title: String, subtitle: String?, iconName: String?,
        userInfo: [String: String], command: String, version: String
    ) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.iconName = iconName
        self.userInfo = userInfo
        self.command = command
        self.version = version
    }

    /// The icon `iconName` names, or nil when there is none or this version does not know it.
    public var icon: ShortcutIcon? { iconName.flatMap(ShortcutIcon.init(rawValue:)) }

    /// The shortcut as the rest of ForcePad sees it (an unknown icon becomes no icon).
    public var definition: ShortcutDefinition {
        ShortcutDefinition(type: type, title: title, subtitle: subtitle, icon: icon, userInfo: userInfo, command: command)
    }
}
