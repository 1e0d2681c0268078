import ForcePadCore
import Testing

@Suite struct PlotTimelineTests {
    @Test func binsKeepTheLowestAndHighestForceAndTheMarks() {
        var timeline = PlotTimeline(binMicros: 10_000, capacity: 8)
        for (time, force) in [(0, 5_000), (4_000, 9_000), (9_999, 1_000), (10_000, 20_000)] as [(Int64, Int64)] {
            timeline.add(milligrams: force, atMicros: time)
        }
        timeline.mark(.peek, atMicros: 12_000)
        #expect(timeline.bin(0) == PlotBin(lowMilligrams: 1_000, highMilligrams: 9_000))
        #expect(timeline.bin(1) == PlotBin(lowMilligrams: 20_000, highMilligrams: 20_000, marks: [.peek]))
        #expect(timeline.newestIndex == 1)
        #expect(timeline.bin(2) == nil)
    }

    @Test func oldBinsAreGoneOnceTheRingWrapsOverThem() {
        var timeline = PlotTimeline(binMicros: 1_000, capacity: 4)
        for index in 0..<6 { timeline.add(milligrams: Int64(index), atMicros: Int64(index) * 1_000) }
        #expect(timeline.bin(1) == nil)
        #expect(timeline.bin(2)?.highMilligrams == 2)
        #expect(timeline.bin(5)?.highMilligrams == 5)
    }

    @Test func theHapticLineMarksEveryBinItWasOnIn() {
        var timeline = PlotTimeline(binMicros: 1_000, capacity: 16)
        for index in 0..<10 { timeline.add(milligrams: 0, atMicros: Int64(index) * 1_000) }
        timeline.hapticLine(isOn: true, atMicros: 2_500)
        timeline.hapticLine(isOn: false, atMicros: 4_200)
        // On again and left on: the bins the frames reach after it are marked as they come.
        timeline.hapticLine(isOn: true, atMicros: 9_100)
        timeline.add(milligrams: 0, atMicros: 11_000)
        let marked = (0..<12).filter { timeline.bin(Int64($0))?.marks.contains(.haptic) == true }
        #expect(marked == [2, 3, 4, 9, 10, 11])
    }

    @Test func aSweepWritesOverTheOldestColumnsWithAGapAheadOfItsCursor() {
        var timeline = PlotTimeline(binMicros: 1_000, capacity: 20)
        for index in 0..<13 { timeline.add(milligrams: Int64(index), atMicros: Int64(index) * 1_000) }
        let sweep = timeline.sweep(columns: 10, gap: 2, tickMicros: 5_000)
        // Bins 10, 11, 12 in columns 0 to 2; the cursor on 2; columns 3 and 4 blank; bins 5 to 9 after.
        #expect(sweep.cursor == 2)
        #expect(sweep.columns.map { $0.bin?.highMilligrams } == [10, 11, 12, nil, nil, 5, 6, 7, 8, 9])
        #expect(sweep.columns.map(\.tick) == [true, false, false, false, false, true, false, false, false, false])
    }

    @Test func aWindowShowsConsecutiveBinsWithTicksFromItsOrigin() {
        var timeline = PlotTimeline(binMicros: 1_000, capacity: 20)
        for index in 0..<10 { timeline.add(milligrams: Int64(index), atMicros: Int64(index) * 1_000) }
        let window = timeline.window(from: 3, columns: 5, tickMicros: 2_000, tickOriginMicros: 4_500)
        #expect(window.map { $0.bin?.highMilligrams } == [3, 4, 5, 6, 7])
        // Ticks at 4.5 ms, 6.5 ms (and 2.5 ms): in bins 4 and 6.
        #expect(window.map(\.tick) == [false, true, false, true, false])
    }
}
