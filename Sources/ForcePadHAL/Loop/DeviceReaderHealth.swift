/// Whether a device read on a ``WorkerThread`` answers, and the changes not yet reported: the
/// first error of a run of failures, and the recovery after one. The reference reader and the
/// accelerometer reader each keep one, so a device that stays silent is reported once.
struct DeviceReaderHealth<Failure: Error & Sendable & Equatable> {
    private var failing = false
    private var pending: [DeviceReaderReport<Failure>] = []

    /// A reading failed with `error`; only the first of a run is reported.
    mutating func failed(_ error: Failure) {
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
    mutating func take() -> [DeviceReaderReport<Failure>] {
        defer { pending.removeAll() }
        return pending
    }
}
