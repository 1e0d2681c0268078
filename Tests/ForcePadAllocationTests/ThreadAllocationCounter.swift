import Glibc
import MallocInterposerSwift
import Synchronization

/// Counts the heap allocations the calling thread makes while a closure runs.
///
/// The malloc interposer counts every thread of the process, and Swift Testing runs other
/// suites on other threads at the same time, so its totals alone would blame their
/// allocations on the code under test. An allocation hook (called on the allocating thread
/// for every counted allocation, inside the allocator) counts only those of the measuring
/// thread; it touches nothing but two atomics, so it never allocates itself.
///
/// The interposer replaces `malloc`, `calloc`, `realloc`, `posix_memalign` and friends
/// process-wide because `libMallocInterposerSwift.so` is linked into the test bundle ahead
/// of libc (see docs/performance.md), so no `LD_PRELOAD` is needed. Measurements must not
/// overlap (one would reset the other's count): each holds ``measuring`` while it runs, so
/// suites that run side by side take turns.
enum ThreadAllocationCounter {
    /// The measuring thread (`pthread_self`), 0 when none.
    private static let measuredThread = Atomic<UInt>(0)
    private static let allocations = Atomic<Int>(0)
    /// Held for the whole of a measurement.
    private static let measuring = Mutex(())

    /// Number of allocations the current thread made while running `body`.
    static func allocations(in body: () -> Void) -> Int {
        measuring.withLock { _ in measure(body) }
    }

    private static func measure(_ body: () -> Void) -> Int {
        allocations.store(0, ordering: .relaxed)
        measuredThread.store(UInt(pthread_self()), ordering: .relaxed)
        MallocInterposerSwift.setAllocationHook { _ in
            if UInt(pthread_self()) == ThreadAllocationCounter.measuredThread.load(ordering: .relaxed) {
                ThreadAllocationCounter.allocations.add(1, ordering: .relaxed)
            }
        }
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        MallocInterposerSwift.setAllocationHook(nil)
        measuredThread.store(0, ordering: .relaxed)
        return allocations.load(ordering: .relaxed)
    }

    /// Allocations of every thread counted since the last measurement started.
    static var processAllocations: Int { MallocInterposerSwift.getStatistics().mallocCount }
}
