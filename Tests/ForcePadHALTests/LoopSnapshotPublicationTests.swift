import ForcePadCore
@testable import ForcePadHAL
import Testing

/// The loop publishes only the pad's cells of the snapshot's per-cell arrays; its reader must
/// still get every field and every cell exactly as the loop had them.
@Suite struct LoopSnapshotPublicationTests {
    /// A snapshot of a `cellCount`-cell pad with every field set from `seed`: the pad's cells
    /// of each array, the frames' other fields, the settings, the counters; cells past the
    /// pad's 0, as in the loop's.
    private static func snapshot(cellCount: Int, seed: Int32) -> LoopSnapshot {
        var snapshot = LoopSnapshot(cellCount: cellCount, recognizer: .standard, haptics: HapticSchedulerSettings(ControllerSettings.standard.haptics))
        for cell in 0..<cellCount {
            let value = seed &* 1000 &+ Int32(cell)
            snapshot.raw.counts[cell] = value
            snapshot.force.cellMilligrams[cell] = value &+ 1
            snapshot.cellCounts.readings[cell] = value &+ 2
            snapshot.cellCounts.zeros[cell] = value &+ 3
            snapshot.cellCounts.drifts[cell] = value &+ 4
        }
        snapshot.raw.timeMicros = Int64(seed) * 1000
        snapshot.raw.sequence = UInt64(seed)
        snapshot.raw.isStale = seed % 2 == 0
        snapshot.force.total = Force(milligrams: seed &* 7)
        snapshot.force.saturatedCells = Int(seed % 3)
        snapshot.force.centroid = PadPosition(x: seed, y: seed &+ 1)
        snapshot.force.contacts = Int(seed % 4)
        snapshot.force.normalisedQ16 = seed &* 11
        snapshot.force.timeMicros = Int64(seed) * 1000 + 1
        snapshot.force.sequence = UInt64(seed) + 1
        snapshot.hasTare = seed % 2 == 1
        snapshot.tare = .refusedUnsteady(cell: Int(seed % 4), spreadCounts: seed)
        snapshot.recognizer.dragWindowMicros = Int64(seed)
        snapshot.pressState = seed % 2 == 0 ? .peek : .pop
        snapshot.progressQ16 = seed &* 13
        snapshot.haptics.maxOnMicros = Int64(seed) + 5
        snapshot.hapticCounters.pulses = UInt64(seed) + 6
        snapshot.hapticLineActive = seed % 2 == 0
        snapshot.hapticPlaying = seed % 2 == 1
        snapshot.amplitude = UInt8(truncatingIfNeeded: seed)
        snapshot.appliedCommand = UInt64(seed) + 8
        snapshot.counters.ticks = UInt64(seed) + 9
        snapshot.counters.maxLatenessMicros = Int64(seed) + 10
        snapshot.hasFrame = true
        snapshot.sensorLost = seed % 2 == 0
        return snapshot
    }

    /// Every field and all 64 cells of each array of `read` equal `published`'s.
    private static func expectSame(_ read: LoopSnapshot, _ published: LoopSnapshot) {
        for cell in 0..<BoardDescription.maxCells {
            #expect(read.raw.counts[cell] == published.raw.counts[cell], "raw counts, cell \(cell)")
            #expect(read.force.cellMilligrams[cell] == published.force.cellMilligrams[cell], "forces, cell \(cell)")
            #expect(read.cellCounts.readings[cell] == published.cellCounts.readings[cell], "readings, cell \(cell)")
            #expect(read.cellCounts.zeros[cell] == published.cellCounts.zeros[cell], "zeros, cell \(cell)")
            #expect(read.cellCounts.drifts[cell] == published.cellCounts.drifts[cell], "drifts, cell \(cell)")
        }
        #expect(read.raw.cellCount == published.raw.cellCount)
        #expect(read.raw.timeMicros == published.raw.timeMicros)
        #expect(read.raw.sequence == published.raw.sequence)
        #expect(read.raw.isStale == published.raw.isStale)
        #expect(read.force.cellCount == published.force.cellCount)
        #expect(read.force.total == published.force.total)
        #expect(read.force.saturatedCells == published.force.saturatedCells)
        #expect(read.force.centroid == published.force.centroid)
        #expect(read.force.contacts == published.force.contacts)
        #expect(read.force.normalisedQ16 == published.force.normalisedQ16)
        #expect(read.force.timeMicros == published.force.timeMicros)
        #expect(read.force.sequence == published.force.sequence)
        #expect(read.hasTare == published.hasTare)
        #expect(read.tare == published.tare)
        #expect(read.recognizer == published.recognizer)
        #expect(read.pressState == published.pressState)
        #expect(read.progressQ16 == published.progressQ16)
        #expect(read.haptics == published.haptics)
        #expect(read.hapticCounters == published.hapticCounters)
        #expect(read.hapticLineActive == published.hapticLineActive)
        #expect(read.hapticPlaying == published.hapticPlaying)
        #expect(read.amplitude == published.amplitude)
        #expect(read.appliedCommand == published.appliedCommand)
        #expect(read.counters == published.counters)
        #expect(read.hasFrame == published.hasFrame)
        #expect(read.sensorLost == published.sensorLost)
    }

    @Test(arguments: [1, 3, 4, 5, 8, 63, 64])
    func theReaderGetsEachPublishedSnapshotWhole(cellCount: Int) {
        // The link's first snapshot has something in every cell: a slot written for the first
        // time must not keep it.
        var initial = Self.snapshot(cellCount: BoardDescription.maxCells, seed: 99)
        initial.raw.cellCount = cellCount
        let mailbox = LatestValueMailbox(initial: initial)
        var reader = mailbox.takeReader()!
        let publication = LoopSnapshotPublication(cellCount: cellCount)
        // Enough publications for every slot to be written more than once.
        for seed in Int32(1)...7 {
            var published = Self.snapshot(cellCount: cellCount, seed: seed)
            mailbox.publish { slot, isNew in publication.write(&published, into: slot, whole: isNew) }
            Self.expectSame(reader.latest(), published)
        }
    }
}
