@testable import ForcePadHAL
import Synchronization
import Testing

/// A waiter on the loop's progress is woken by the loop's notify, not by a poll, and never
/// waits past its deadline; a worker thread runs its rounds until it finishes or is stopped,
/// and stops once.
@Suite struct LoopWaitTests {
    @Test func aWaitEndsAtItsDeadlineWhenTheConditionNeverHolds() {
        let wait = LoopWait()
        let clock = MonotonicClock()
        let start = clock.nowMicros()
        #expect(!wait.until(timeoutMicros: 30_000) { false })
        let waited = clock.nowMicros() - start
        #expect(waited >= 30_000)
        #expect(waited < 2_000_000)
    }

    @Test func aWaiterWakesOnTheNotifyThatFollowsItsCondition() throws {
        // Sleeps of up to 60 s between looks: only the notify's wake can end the wait in time.
        let wait = LoopWait(sliceMicros: 60_000_000)
        let reached = Atomic<Bool>(false)
        // Stands in for the loop: sets the condition, then notifies, once, after a while.
        let loop = try PosixThread {
            LoopWait.pause(micros: 20_000)
            reached.store(true, ordering: .releasing)
            wait.notify()
        }
        let clock = MonotonicClock()
        let start = clock.nowMicros()
        #expect(wait.until(timeoutMicros: 10_000_000) { reached.load(ordering: .acquiring) })
        #expect(clock.nowMicros() - start < 5_000_000)
        loop.join()
    }

    @Test func aWorkerRunsItsRoundsUntilFinishedAndStopsOnce() throws {
        let worker = WorkerThread(name: "fp-test-worker")
        let rounds = Atomic<Int>(0)
        try worker.start {
            rounds.add(1, ordering: .relaxed).newValue == 3 ? .finished : .again
        }
        worker.join()
        #expect(rounds.load(ordering: .relaxed) == 3)
        worker.stop()
        worker.stop()
    }

    @Test func aStopEndsAWorkerThatRests() throws {
        let worker = WorkerThread(name: "fp-test-rest")
        let rests = Atomic<Int>(0)
        try worker.start {
            rests.add(1, ordering: .relaxed)
            return worker.rest(micros: 60_000_000) ? .again : .finished
        }
        while rests.load(ordering: .relaxed) == 0 { LoopWait.pause(micros: 1_000) }
        let clock = MonotonicClock()
        let start = clock.nowMicros()
        worker.stop()
        #expect(clock.nowMicros() - start < 5_000_000)
        #expect(rests.load(ordering: .relaxed) == 1)
        #expect(worker.isStopRequested)
    }
}
