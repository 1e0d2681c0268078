/// The icon names a shortcut may carry (after the phone's system quick-action icons, plus
/// the lab's own).
public enum ShortcutIcon: String, Sendable, CaseIterable {
    case add, alarm, audio, bookmark, calibrate, compose, confirmation, favorite, haptic
    case home, love, mark, pause, play, preset, prohibit, record, search, share, stop
    case tare, task, time, update

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
