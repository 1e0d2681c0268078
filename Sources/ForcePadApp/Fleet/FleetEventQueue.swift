import ForcePadHAL

/// The stage events waiting for the ``FleetStation``'s thread, as JSON lines: the event pump
/// appends (never waiting longer than a mutex hand-over), the station takes them all each
/// round. At most ``capacity`` wait; more are dropped and counted.
final class FleetEventQueue: Sendable {
    private struct Waiting {
        var lines: [String] = []
        var dropped: UInt64 = 0
    }

    private let waiting = PosixMutex(Waiting())
    /// Events kept between two rounds of the station (each round is about 50 ms).
    static let capacity = 1024

    /// Pump side: keeps `line`, or counts it dropped when full.
    func append(_ line: String) {
        waiting.withLock { waiting in
            if waiting.lines.count < Self.capacity { waiting.lines.append(line) } else { waiting.dropped += 1 }
        }
    }

    /// Every line kept, oldest first.
    func takeAll() -> [String] {
        waiting.withLock { waiting in
            defer { waiting.lines.removeAll(keepingCapacity: true) }
            return waiting.lines
        }
    }

    /// Lines dropped because the queue was full, since the last call.
    func takeDropped() -> UInt64 {
        waiting.withLock { waiting in
            defer { waiting.dropped = 0 }
            return waiting.dropped
        }
    }
}
