import ForcePadCore
import ForcePadHAL
import Testing

/// The loop's side of a live view: every frame's forces go into the link's force ring while
/// the streaming flag is set, and a full ring counts drops instead of waiting.
@Suite struct LoopForceStreamingTests {
    static func link(forceCapacity: Int) -> LoopLink {
        LoopLink(
            initial: LoopSnapshot(cellCount: 2, recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics),
            forceCapacity: forceCapacity)
    }

    @Test func forcesArePushedOnlyWhileAViewWatches() {
        let link = Self.link(forceCapacity: 16)
        let loop = LoopFrameRecordingTests.loop(link: link)
        var view = link.forces.takeConsumer()!
        #expect(link.commands.push(LoopCommandEnvelope(
            sequence: 1, command: .simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))))
        let clock = ManualClock()
        for millis in 0..<3 { loop.tick(atMicros: Int64(millis) * 1000, clock: clock, originMicros: 0) }
        #expect(view.pop() == nil)
        link.ask(.streamingForces)
        for millis in 3..<6 { loop.tick(atMicros: Int64(millis) * 1000, clock: clock, originMicros: 0) }
        link.withdraw(.streamingForces)
        loop.tick(atMicros: 6000, clock: clock, originMicros: 0)
        var frames: [ForceFrame] = []
        while let frame = view.pop() { frames.append(frame) }
        #expect(frames.map(\.timeMicros) == [3000, 4000, 5000])
        // The frames after the pipeline: the press's 200 g, shared by the two cells.
        #expect(frames.allSatisfy { $0.cellCount == 2 && abs($0.total.milligrams - 200_000) <= 2 })
        #expect(link.droppedForces.load(ordering: .relaxed) == 0)
    }

    @Test func aFullRingCountsDroppedForces() {
        let link = Self.link(forceCapacity: 2)
        let loop = LoopFrameRecordingTests.loop(link: link)
        var view = link.forces.takeConsumer()!
        link.ask(.streamingForces)
        for millis in 0..<5 { loop.tick(atMicros: Int64(millis) * 1000, clock: ManualClock(), originMicros: 0) }
        #expect(view.count == 2)
        #expect(link.droppedForces.load(ordering: .relaxed) == 3)
        #expect(view.pop()?.timeMicros == 0)
    }
}
