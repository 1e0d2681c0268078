import ForcePadCore
import ForcePadHAL
import Testing

@testable import ForcePadApp

@Suite struct LiveForceTapTests {
    static func link() -> LoopLink {
        LoopLink(initial: LoopSnapshot(cellCount: 2, recognizer: .standard, haptics: HapticDriverGoOrderTests.haptics))
    }

    static func frame(atMicros time: Int64, grams: Int32) -> ForceFrame {
        var frame = ForceFrame(cellCount: 2)
        frame.timeMicros = time
        frame.total = .grams(grams)
        return frame
    }

    @Test func theSinkKeepsFramesAndMarksOnlyWhileAViewWatches() {
        let link = Self.link()
        let tap = LiveForceTap(link: link)
        let sink = LiveForceSink(tap: tap)
        #expect(sink.take(.force(Self.frame(atMicros: 0, grams: 1))).isEmpty)
        let viewer = tap.begin()
        let streaming = link.isAsked(.streamingForces)
        #expect(streaming)
        _ = sink.take(.force(Self.frame(atMicros: 1_000, grams: 160)))
        _ = sink.take(.loop(.press(.peek(atMicros: 1_000, force: .grams(160))), reference: nil, crossing: nil))
        _ = sink.take(.loop(.press(.progress(atMicros: 1_000, phase: .commit, progressQ16: 0)), reference: nil, crossing: nil))
        _ = sink.take(.loop(.haptic(.on(atMicros: 1_000, pattern: .peek), line: .notDriven), reference: nil, crossing: nil))
        let batch = tap.take(viewer)
        #expect(batch.frames.map(\.timeMicros) == [1_000])
        #expect(batch.happenings.count == 2)
        if case .marks(let marks, let time) = batch.happenings.first { #expect(marks == .peek && time == 1_000) } else { Issue.record("no peek mark") }
        #expect(tap.take(viewer).frames.isEmpty)
        tap.end(viewer)
        let stopped = !link.isAsked(.streamingForces)
        #expect(stopped)
        _ = sink.take(.force(Self.frame(atMicros: 2_000, grams: 1)))
        #expect(tap.take(viewer).frames.isEmpty)
    }

    @Test func framesBeyondTheBufferAreCountedAsLost() {
        let tap = LiveForceTap(link: Self.link())
        let viewer = tap.begin()
        for index in 0..<(LiveForceTap.capacity + 3) { tap.take(Self.frame(atMicros: Int64(index) * 1_000, grams: 0)) }
        let batch = tap.take(viewer)
        #expect(batch.frames.count == LiveForceTap.capacity && batch.droppedFrames == 3)
    }

    @Test func twoViewsEachGetEveryFrameAndTheLoopStreamsUntilTheLastEnds() {
        let link = Self.link()
        let tap = LiveForceTap(link: link)
        let plot = tap.begin(), browser = tap.begin()
        tap.take(Self.frame(atMicros: 1_000, grams: 5))
        tap.take(.marks(.peek, atMicros: 1_000))
        #expect(tap.take(plot).frames.map(\.timeMicros) == [1_000])
        tap.take(Self.frame(atMicros: 2_000, grams: 6))
        let both = tap.take(browser)
        #expect(both.frames.map(\.timeMicros) == [1_000, 2_000] && both.happenings.count == 1)
        #expect(tap.take(plot).frames.map(\.timeMicros) == [2_000])
        tap.end(plot)
        let streamingWithOne = link.isAsked(.streamingForces)
        #expect(streamingWithOne)
        tap.end(browser)
        let streamingWithNone = link.isAsked(.streamingForces)
        #expect(!streamingWithNone)
    }

    @Test func aScopeFreezesItsWindowOnceThePostTriggerPartHasCome() {
        // 30 × 8: 40 dot columns over 40 ms, 1 ms each; the trigger 10 columns in.
        var plot = LivePlot(
            renderer: ForcePlotRenderer(width: 30, height: 8), quantity: .total,
            trigger: ScopeTrigger(marks: .peek, preColumns: 10), spanMicros: 40_000)
        var batch = LiveForceBatch()
        batch.frames = (0..<100).map { Self.frame(atMicros: Int64($0) * 1_000, grams: Int32($0)) }
        batch.happenings = [.marks(.peek, atMicros: 50_000)]
        plot.take(batch)
        // Bins up to 99 have come, but the window runs to 50 + 30 = 80: frozen at once.
        #expect(plot.triggers == 1)
        #expect(plot.frozen?.triggerMicros == 50_000)
        #expect(plot.frozen?.columns.map { $0.bin?.highMilligrams } == (40..<80).map { Int64($0) * 1_000 })
        let scene = plot.scene(header: "", levels: [], topMilligrams: 100_000)
        #expect(scene.triggerColumn == 10 && scene.cursorColumn == nil)
        // A later peek waits for its post-trigger part.
        var later = LiveForceBatch()
        later.frames = (100..<120).map { Self.frame(atMicros: Int64($0) * 1_000, grams: 0) }
        later.happenings = [.marks(.peek, atMicros: 110_000)]
        plot.take(later)
        #expect(plot.triggers == 1)
        // Its window ends with bin 139, complete only once a frame of a later bin has come.
        later.frames = (120..<140).map { Self.frame(atMicros: Int64($0) * 1_000, grams: 0) }
        later.happenings = []
        plot.take(later)
        #expect(plot.triggers == 1)
        later.frames = [Self.frame(atMicros: 140_000, grams: 0)]
        plot.take(later)
        #expect(plot.triggers == 2 && plot.frozen?.triggerMicros == 110_000)
    }
}
