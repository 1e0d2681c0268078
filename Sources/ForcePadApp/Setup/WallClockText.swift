import Glibc

/// The current time as text: ISO 8601 in UTC (`2026-11-22T04:50:00Z`) for stamps in state
/// files, local time with its offset (`2026-11-22T06:41:52+0000`) for log lines, or the UTC
/// date (`2026-11-22`) for the man page.
enum WallClockText {
    static func utc() -> String {
        format("%Y-%m-%dT%H:%M:%SZ", local: false)
    }

    static func utcDate() -> String {
        format("%Y-%m-%d", local: false)
    }

    static func local() -> String {
        format("%Y-%m-%dT%H:%M:%S%z", local: true)
    }

    private static func format(_ pattern: String, local: Bool) -> String {
        var seconds = time(nil)
        var parts = tm()
        if local { localtime_r(&seconds, &parts) } else { gmtime_r(&seconds, &parts) }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
