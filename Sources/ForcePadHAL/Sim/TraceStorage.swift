import ForcePadCore

/// Owns a trace's rows in memory that never moves, and hands out a ``TraceView`` on them for
/// the loop. Keep the storage alive until the loop has acknowledged a command that replaced
/// the view (the loop never frees memory).
public final class TraceStorage: @unchecked Sendable {
    public let trace: ForceTrace
    private let times: UnsafeMutablePointer<Int64>
    private let values: UnsafeMutablePointer<Int32>

    public init(_ trace: ForceTrace) {
        self.trace = trace
        times = .allocate(capacity: max(trace.rowCount, 1))
        values = .allocate(capacity: max(trace.values.count, 1))
        times.initialize(from: trace.timesMicros, count: trace.rowCount)
        values.initialize(from: trace.values, count: trace.values.count)
    }

    deinit {
        times.deallocate()
        values.deallocate()
    }

    public var view: TraceView {
        TraceView(kind: trace.kind, cellCount: trace.cellCount, rowCount: trace.rowCount, timesMicros: times, values: values)
    }
}
