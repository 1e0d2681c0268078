/// Whether the reference sensor answers, and the changes not yet reported: the first error
/// of a run of failures, and the recovery after one.
struct ReferenceReaderHealth {
    private var failing = false
    private var pending: [ReferenceReaderReport] = []

    /// A reading failed with `error`; only the first of a run is reported.
    mutating func failed(_ error: DeviceError) {
        guard !failing else { return }
        failing = true
        pending.append(.lost(error))
    }

    /// A reading succeeded; after a failure, reports the recovery.
    mutating func answered() {
        guard failing else { return }
        failing = false
        pending.append(.restored)
    }

    /// The changes not yet reported, oldest first, once.
    mutating func take() -> [ReferenceReaderReport] {
        defer { pending.removeAll() }
        return pending
    }
}
