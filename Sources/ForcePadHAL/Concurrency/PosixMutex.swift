import Glibc

/// A value guarded by a pthread mutex, for the threads around the loop (never the loop
/// itself, which takes no locks). Used instead of the standard library's `Mutex`, whose
/// Linux implementation locks through futex calls ThreadSanitizer cannot see: under
/// `make test`'s ThreadSanitizer run every lock must be one it understands, so that a report
/// is always a real race.
public final class PosixMutex<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The guarded value, in memory of its own: only ever touched with `mutex` held.
    private let value: UnsafeMutablePointer<Value>

    public init(_ value: consuming Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
