import ForcePadHAL
import Synchronization

/// Where log lines go: straight to standard error, or, while an interactive shell shows its
/// input line on the same terminal, into a queue the shell prints above that line (a log
/// line written under it would break the line being typed).
public final class LogLineRouter: Sendable {
    private struct State {
        var holding = false
        var lines: [String] = []
    }

    /// Most lines kept while held; older ones are dropped and counted in one line.
    static let capacity = 1000
    private let state = PosixMutex(State())
    private let dropped = Atomic<Int>(0)

    public init() {}

    /// Writes `line` (its control characters escaped) to standard error, or queues it while held.
    func emit(_ message: String) {
        let line = TerminalSafeText.escaped(message)
        let written: Bool = state.withLock { state in
            guard state.holding else { return false }
            if state.lines.count >= Self.capacity {
                state.lines.removeFirst()
                dropped.add(1, ordering: .relaxed)
            }
            state.lines.append(line)
            return true
        }
        if !written { Self.writeToStandardError([line]) }
    }

    /// From now on, queue lines for ``take()`` instead of writing them.
    func hold() {
        state.withLock { $0.holding = true }
    }

    /// Writes what is queued and goes back to writing lines as they come.
    func release() {
        let lines = state.withLock { state in
            state.holding = false
            return state.lines
        }
        state.withLock { $0.lines.removeAll() }
        Self.writeToStandardError(takeDroppedNotice() + lines)
    }

    /// The queued lines, oldest first, emptying the queue.
    func take() -> [String] {
        let lines = state.withLock { state in
            let lines = state.lines
            state.lines.removeAll()
            return lines
        }
        return takeDroppedNotice() + lines
    }

    private func takeDroppedNotice() -> [String] {
        let count = dropped.exchange(0, ordering: .relaxed)
        return count == 0 ? [] : ["(\(count) older log lines dropped while the shell was busy)"]
    }

    static func writeToStandardError(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        StandardStream.write(lines.map { $0 + "\n" }.joined(), to: StandardStream.error)
    }
}
