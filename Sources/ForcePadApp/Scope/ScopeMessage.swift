import ForcePadConfig
import ForcePadCore

/// The scope's WebSocket messages, one JSON object per text message (docs/live-view.md,
/// "The scope's messages"):
///
/// - `{"type":"settings",…}`: the board, its rate and cells, the force scale's top, each
///   stage's threshold and release level (g), and every setting in force as `config show`
///   gives it; sent first and again whenever a setting changes.
/// - `{"type":"frames",…}`: the frames since the last message, each `[t_us, total_mg,
///   cell0_mg, …]` (loop time in µs; forces in milligrams, as the loop has them), the stages
///   fired (`[t_us, "touch"|"peek"|"pop"|"release"]`), the haptic line's edges (`[t_us, 1|0]`),
///   and what this page lost: `lost_frames` (frames the loop or the tap dropped before the
///   message was made) and `lost_messages` (messages dropped because this page did not take
///   them in time), both counted since the page connected.
enum ScopeMessage {
    /// The settings message for `settings` on `board`.
    static func settings(_ settings: ControllerSettings, board: BoardDescription) -> String {
        let thresholds = settings.thresholds, hysteresis = settings.hysteresis
        func stage(_ threshold: Force, _ band: Force) -> JSONValue {
            .object([("threshold_g", .grams(threshold)), ("release_g", .grams(Force(milligrams: threshold.milligrams - band.milligrams)))])
        }
        return JSONValue.object([
            ("type", .string("settings")),
            ("board", .string(board.name)),
            ("sample_rate_hz", .int(Int64(board.sampleRateHz))),
            ("cells", .int(Int64(board.geometry.cellCount))),
            ("force_max_g", .grams(settings.forceScale.maximum)),
            ("stages", .object([
                ("touch", stage(thresholds.touch, hysteresis.touch)), ("peek", stage(thresholds.peek, hysteresis.peek)),
                ("pop", stage(thresholds.pop, hysteresis.pop)),
            ])),
            ("values", .array(ConfigValueList.values(of: settings).map { .array([.string($0.key), .string($0.text)]) })),
        ]).rendered()
    }

    /// The frames message for `batch` up to its losses, which differ from page to page
    /// (``closingFrames(_:lostFrames:lostMessages:)`` ends it).
    static func frames(_ batch: LiveForceBatch) -> String {
        var text = #"{"type":"frames","frames":["#
        for (index, frame) in batch.frames.enumerated() {
            if index > 0 { text += "," }
            text += "[\(frame.timeMicros),\(frame.total.milligrams)"
            for cell in 0..<frame.cellCount { text += ",\(frame.cellMilligrams[cell])" }
            text += "]"
        }
        var marks: [String] = [], haptic: [String] = []
        for happening in batch.happenings {
            switch happening {
            case .marks(let fired, let time):
                for (mark, name) in [(PlotMarks.touch, "touch"), (.peek, "peek"), (.pop, "pop"), (.release, "release")] where fired.contains(mark) {
                    marks.append("[\(time),\"\(name)\"]")
                }
            case .hapticLine(let isOn, let time):
                haptic.append("[\(time),\(isOn ? 1 : 0)]")
            }
        }
        text += #"],"marks":["# + marks.joined(separator: ",") + #"],"haptic":["# + haptic.joined(separator: ",") + "]"
        return text
    }

    /// `frames` (from ``frames(_:)``) ended with one page's losses so far.
    static func closingFrames(_ frames: String, lostFrames: UInt64, lostMessages: UInt64) -> String {
        frames + #","lost_frames":\#(lostFrames),"lost_messages":\#(lostMessages)}"#
    }
}
