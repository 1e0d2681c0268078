import Synchronization

/// Set to make a ``StallingSource`` block inside `read`.
final class StallSwitch: Sendable {
    let stalled = Atomic<Bool>(false)
}
