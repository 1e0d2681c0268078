import MallocInterposerSwift

/// Heap allocations counted by the malloc interposer (linked into this executable ahead of
/// libc, so it replaces `malloc` and friends without `LD_PRELOAD`). The benchmark is single
/// threaded, so the process-wide count is this code's count.
enum AllocationCount {
    /// Allocations made while `body` runs.
    static func during(_ body: () -> Void) -> Int {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount
    }

    /// Whether the interposer sees a deliberate allocation, so a count of 0 means something.
    static func interposerIsActive() -> Bool {
        var kept: [Int64] = []
        let seen = during { kept = Array(repeating: 1, count: 64) }
        return seen > 0 && kept.count == 64
    }
}
