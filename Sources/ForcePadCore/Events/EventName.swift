/// The one table of event names: the `event` key of every JSON line ForcePad writes (the
/// console in `--json` mode, `events.jsonl`, `replay --json`), as `interfaces.md` and
/// docs/presses-and-haptics.md describe them. The formatter and the printer write these
/// names, a recording reads them back, and `clients/python/tests/event_names.txt` (kept equal
/// to ``allCases`` by a test) lets the Python client's tests check its names against it.
public enum EventName: String, CaseIterable, Sendable {
    /// The force reached the touch threshold: `force_g` (g) and where, `x` (and `y` on a grid), 0…1.
    case pressBegan = "press.began"
    /// How far a press is toward its next stage: `phase` and `progress` 0…1.
    case pressProgress = "press.progress"
    /// Peek fired: `force_g` (g) of the frame it fired in, `reference_g` (g) when measured.
    case pressPeek = "press.peek"
    /// Pop fired: `force_g` (g) of the frame it fired in, `reference_g` (g) when measured.
    case pressPop = "press.pop"
    /// The press ended: `stage`, the highest it reached.
    case pressReleased = "press.released"
    /// The press was cancelled: `reason`.
    case pressCancelled = "press.cancelled"
    /// A pattern switched the haptic line on: `pattern`, `line`, the latencies in µs.
    case hapticOn = "haptic.on"
    /// A pattern switched the haptic line off: `pattern`, `line`, `line_us` (µs).
    case hapticOff = "haptic.off"
    /// An edge measured on the feedback wire: `level`, `edge_us` and `stage_to_edge_us` (µs).
    case hapticEdge = "haptic.edge"
    /// The quick-action menu opened with `slots` slots.
    case menuOpened = "menu.opened"
    /// The menu's highlighted `slot` changed.
    case menuSelected = "menu.selected"
    /// The menu performed the shortcut of `slot`.
    case menuPerformed = "menu.performed"
    /// The menu closed without performing: `reason`.
    case menuDismissed = "menu.dismissed"
    /// The pad's sensor stopped answering: `error`; the press is cancelled, the actuator off.
    case sensorLost = "sensor.lost"
    /// The pad's sensor answers again.
    case sensorRestored = "sensor.restored"
    /// The shell ran a shortcut: `type`, `handled` and its `error`.
    case shortcutPerformed = "shortcut.performed"
    /// One reading of the reference sensor as a recording keeps it: `reference_g` (g).
    case referenceSample = "reference.sample"
    /// The reference sensor stopped answering: `error`; events carry no `reference_g` until it answers.
    case referenceLost = "reference.lost"
    /// The reference sensor answers again.
    case referenceRestored = "reference.restored"
    /// A stage's click as the accelerometer felt it (``HapticFelt``): `stage`, `stage_t_us`,
    /// and `onset_latency_us`, `felt_latency_us` (with a reference), `peak_g`, `rise_us`,
    /// `above_threshold_us`, `ring_down_us`, `noise_mg`, `threshold_mg`; or `felt` false and `error`.
    case hapticFelt = "haptic.felt"
    /// The accelerometer stopped answering: `error`.
    case accelerometerLost = "accelerometer.lost"
    /// The accelerometer answers again.
    case accelerometerRestored = "accelerometer.restored"
    /// ForcePad stopped the test stand: `reason` (``StandStopReason/name``), `fault` and `message`,
    /// the one line saying why.
    case standStopped = "stand.stopped"
    /// Where the test stand's crosshead was: `travel_mm` from home, at the stand's answer, and
    /// `force_g`, its gauge's reading, when the stand is watched by its own gauge.
    case standSample = "stand.sample"
    /// One frame of `monitor json`: `total_g`, `cells_g` (g), `x`, `contacts`, `saturated`, `stage`.
    case monitor = "monitor"
    /// A reading of `calibrate sweep` in JSON mode.
    case calibrateSweep = "calibrate.sweep"
    /// What a `warning:` line says: `source` and `message`.
    case warning = "warning"

    /// Whether it comes from outside the loop, so a replay does not reproduce it:
    /// `shortcut.performed` comes from the shell, `haptic.edge` from the feedback input, and
    /// the reference lines from the reference sensor and the felt clicks and accelerometer lines
    /// from the accelerometer, `stand.stopped` from the test stand (a replay reads them back
    /// rather than reproducing them).
    /// `monitor`, `calibrate.sweep` and `warning` are console lines that a
    /// recording does not keep; a line that has one is checked with the loop's events, as
    /// any name ForcePad does not know.
    public var isOutsideTheLoop: Bool {
        switch self {
        case .hapticEdge, .shortcutPerformed, .referenceSample, .referenceLost, .referenceRestored, .hapticFelt,
            .accelerometerLost, .accelerometerRestored, .standStopped, .standSample:
            true
        case .pressBegan, .pressProgress, .pressPeek, .pressPop, .pressReleased, .pressCancelled, .hapticOn, .hapticOff,
            .menuOpened, .menuSelected, .menuPerformed, .menuDismissed, .sensorLost, .sensorRestored, .monitor,
            .calibrateSweep, .warning:
            false
        }
    }
}
