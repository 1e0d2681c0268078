import ForcePadCore
import ForcePadHAL
import Testing

/// The loop's side of a recording: every frame it reads goes into the link's frame ring
/// while the recording flag is set, and a full ring counts drops instead of waiting.
@Suite struct LoopFrameRecordingTests {
    static func loop(link: LoopLink) -> ControlLoop<SimulatedPad, SimulatedHapticLine> {
        ControlLoop(
            source: SimulatedPad(board: ControlLoopTests.board(cells: 2), simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0)),
            line: SimulatedHapticLine(),
            pipeline: ForcePipeline(
                calibrations: Array(repeating: ControlLoopTests.calibration, count: 2), geometry: .strip(cells: 2),
                settings: ControlLoopTests.pipelineSettings),
            recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics, patterns: ControlLoopTests.bank,
            periodMicros: 1000, link: link)
    }

    static func link(frameCapacity: Int) -> LoopLink {
        LoopLink(
            initial: LoopSnapshot(cellCount: 2, recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics),
            frameCapacity: frameCapacity)
    }

    @Test func framesArePushedOnlyWhileRecording() {
        let link = Self.link(frameCapacity: 16)
        let loop = Self.loop(link: link)
        var recorder = link.frames.takeConsumer()!
        #expect(link.commands.push(LoopCommandEnvelope(
            sequence: 1, command: .simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))))
        let clock = ManualClock()
        for millis in 0..<3 { loop.tick(atMicros: Int64(millis) * 1000, clock: clock, originMicros: 0) }
        #expect(recorder.pop() == nil)
        link.ask(.recordingFrames)
        for millis in 3..<6 { loop.tick(atMicros: Int64(millis) * 1000, clock: clock, originMicros: 0) }
        link.withdraw(.recordingFrames)
        loop.tick(atMicros: 6000, clock: clock, originMicros: 0)
        var frames: [RawFrame] = []
        while let frame = recorder.pop() { frames.append(frame) }
        #expect(frames.map(\.sequence) == [4, 5, 6])
        #expect(frames.map(\.timeMicros) == [3000, 4000, 5000])
        // 200 g shared by two cells through a 0→0, 4000 counts→500 g table: 800 counts each.
        #expect(frames.allSatisfy { $0.cellCount == 2 && $0.counts[0] == 800 && $0.counts[1] == 800 })
        #expect(link.droppedFrames.load(ordering: .relaxed) == 0)
    }

    @Test func aFullRingCountsDroppedFrames() {
        let link = Self.link(frameCapacity: 2)
        let loop = Self.loop(link: link)
        var recorder = link.frames.takeConsumer()!
        link.ask(.recordingFrames)
        for millis in 0..<5 { loop.tick(atMicros: Int64(millis) * 1000, clock: ManualClock(), originMicros: 0) }
        #expect(recorder.count == 2)
        #expect(link.droppedFrames.load(ordering: .relaxed) == 3)
        #expect(recorder.pop()?.sequence == 1)
    }
}
