import Synchronization

/// Carries a new thread's ``RealTimeOutcome`` back to the thread that started it.
final class RealTimeHandoff: Sendable {
    /// What was settled before the thread started (the memory lock).
    let initial: RealTimeOutcome
    /// Set by the new thread once it has applied its priority and CPU.
    let applied = PosixMutex<RealTimeOutcome?>(nil)

    init(_ initial: RealTimeOutcome) { self.initial = initial }
}
