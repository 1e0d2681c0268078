import ForcePadHAL

/// Keeps a repeated diagnostic (the loop overran, a read failed) to one log line per
/// ``windowMicros`` of loop time for each kind: the others are counted, and the count is
/// told on the next line of that kind that is let through.
final class LogRateLimiter: Sendable {
    private struct Kind {
        /// Loop time of the last line let through (µs).
        var lastMicros: Int64
        /// Lines held back since then.
        var suppressed: Int
    }

    /// Shortest loop time between two lines of one kind (µs).
    static let windowMicros: Int64 = 1_000_000
    private let kinds = PosixMutex([String: Kind]())

    /// Whether a line of `kind` at loop time `atMicros` (µs) may be logged, and if so the
    /// suffix that counts the lines held back before it ("" when none were).
    func admit(_ kind: String, atMicros: Int64) -> String? {
        kinds.withLock { kinds in
            if let last = kinds[kind], atMicros - last.lastMicros < Self.windowMicros, atMicros >= last.lastMicros {
                kinds[kind]?.suppressed += 1
                return nil
            }
            let held = kinds[kind]?.suppressed ?? 0
            kinds[kind] = Kind(lastMicros: atMicros, suppressed: 0)
            return held == 0 ? "" : " (\(held) more not shown)"
        }
    }
}
