import ForcePadCore
import ForcePadHAL
import Testing

/// Handing frames to a recording, or their forces to a live view, costs the loop no heap
/// allocation, whether the ring has room or is full.
@Suite struct FrameRecordingAllocationTests {
    @Test func recordingAFrameDoesNotAllocate() {
        let link = LoopLink(
            initial: LoopSnapshot(cellCount: 8, recognizer: .standard, haptics: HapticSchedulerSettings(HapticSettings.standard)),
            frameCapacity: 64)
        var recorder = link.frames.takeConsumer()!
        var frame = RawFrame(cellCount: 8)
        link.ask(.recordingFrames)
        // Warm-up: the first use of the generic ring instantiates its metadata.
        link.record(&frame)
        _ = recorder.pop()
        let allocations = ThreadAllocationCounter.allocations {
            for index in 0..<1_000 {
                frame.sequence = UInt64(index)
                link.record(&frame)
                if index % 2 == 0 { _ = recorder.pop() }
            }
        }
        #expect(allocations == 0, "\(allocations) allocations in 1000 frames")
        #expect(recorder.count == 64)
        #expect(link.droppedFrames.load(ordering: .relaxed) == 1_000 - 500 - 64)
    }

    @Test func streamingAFramesForcesDoesNotAllocate() {
        let link = LoopLink(
            initial: LoopSnapshot(cellCount: 8, recognizer: .standard, haptics: HapticSchedulerSettings(HapticSettings.standard)),
            forceCapacity: 64)
        var view = link.forces.takeConsumer()!
        var frame = ForceFrame(cellCount: 8)
        link.ask(.streamingForces)
        // Warm-up: the first use of the generic ring instantiates its metadata.
        link.stream(&frame)
        _ = view.pop()
        let allocations = ThreadAllocationCounter.allocations {
            for index in 0..<1_000 {
                frame.sequence = UInt64(index)
                link.stream(&frame)
                if index % 2 == 0 { _ = view.pop() }
            }
        }
        #expect(allocations == 0, "\(allocations) allocations in 1000 frames")
        #expect(view.count == 64)
        #expect(link.droppedForces.load(ordering: .relaxed) == 1_000 - 500 - 64)
    }
}
