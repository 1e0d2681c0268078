import ForcePadCore

/// A warning for the console, in the shell's mode: `warning: SOURCE: MESSAGE`, or in JSON mode
/// the event `{"t_us":…,"event":"warning","source":"…","message":"…"}`, since every line on
/// standard output is JSON there. `t_us` is loop time (µs).
enum WarningText {
    static func line(_ message: String, source: String, mode: OutputMode, atMicros time: Int64) -> String {
        switch mode {
        case .human:
            "warning: \(source): \(message)"
        case .json:
            JSONValue.object([
                ("t_us", .int(time)), EventFormatter.name(.warning), ("source", .string(source)), ("message", .string(message)),
            ]).rendered()
        }
    }
}
