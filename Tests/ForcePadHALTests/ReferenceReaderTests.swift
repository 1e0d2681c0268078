import ForcePadCore
@testable import ForcePadHAL
import Glibc
import Testing

/// The reference reader and the simulated reference sensor: readings in loop time, at the
/// sensor's rate, with its noise; a failing sensor reported once; a prompt stop.
@Suite struct ReferenceReaderTests {
    static func link() -> LoopLink {
        LoopLink(initial: LoopSnapshot(cellCount: 1, recognizer: ControlLoopTests.recognizer, haptics: ControlLoopTests.haptics))
    }

    /// Publishes a steady force as the loop would, once a millisecond, for `micros`, with the
    /// loop's origin set; returns the origin.
    static func runLoopStandIn(truth: SimulatedForceTruth, link: LoopLink, force: Force, micros: Int64) {
        let clock = MonotonicClock()
        let origin = clock.nowMicros()
        link.originMicros.store(origin, ordering: .releasing)
        while clock.nowMicros() - origin < micros {
            truth.publish(force, atMicros: clock.nowMicros() - origin)
            usleep(1_000)
        }
    }

    @Test func theSimulatedReferenceReportsTheTruthWithItsNoiseAtItsRate() throws {
        let link = Self.link()
        let truth = SimulatedForceTruth()
        let settings = SimulatedReferenceSettings(noise: Force(milligrams: 500), rateHz: 100)
        let reader = ReferenceReader(source: SimulatedReferenceSource(truth: truth, link: link, settings: settings, seed: 7), link: link)
        #expect(reader.name == "sim reference")
        #expect(reader.samplePeriodMicros == 10_000)
        try reader.start()
        // The reader stops while the loop still runs, as the program shuts down.
        let loop = try PosixThread { Self.runLoopStandIn(truth: truth, link: link, force: .grams(150), micros: 400_000) }
        usleep(300_000)
        reader.stop()
        loop.join()
        guard var consumer = link.references.takeConsumer() else {
            Issue.record("the reference ring has no consumer to take")
            return
        }
        var samples: [ReferenceSample] = []
        while let sample = consumer.pop() { samples.append(sample) }
        // 300 ms at 100 SPS and the reading in flight when it stops: about 30 readings (a
        // loaded machine may lose a few, or stop a reading or two late).
        #expect((15...35).contains(samples.count))
        #expect(samples.allSatisfy { abs($0.force.milligrams - 150_000) <= 500 })
        #expect(Set(samples.map(\.force)).count > 3)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.timeMicros < $1.timeMicros })
        #expect(samples.allSatisfy { (0...330_000).contains($0.timeMicros) })
        #expect(reader.samplesRead.load(ordering: .relaxed) == UInt64(samples.count))
        #expect(reader.takeReports().isEmpty)
    }

    @Test func withoutTheLoopTheSimulatedReferenceFailsWithinTwoPeriods() {
        let link = Self.link()
        var source = SimulatedReferenceSource(
            truth: SimulatedForceTruth(), link: link, settings: SimulatedReferenceSettings(noise: .zero, rateHz: 100), seed: 1)
        let clock = MonotonicClock()
        let start = clock.nowMicros()
        let error = #expect(throws: DeviceError.self) { try source.read(clock: clock) }
        #expect(clock.nowMicros() - start < 60_000)
        #expect(error?.description
            == "read sim reference failed: the simulated pad gave no force for 20 ms; the loop is stopped or plays a trace of raw counts, which has no true force")
    }

    /// Fails on its second and third readings, answers otherwise.
    struct FlakySource: ReferenceForceSource {
        let name = "flaky"
        let samplePeriodMicros: Int64 = 2_000
        var readings = 0

        mutating func read(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> ReferenceSample {
            readings += 1
            usleep(2_000)
            if readings == 2 || readings == 3 {
                throw DeviceError(operation: "read flaky", errno: EIO, hint: "check its cable")
            }
            return ReferenceSample(timeMicros: clock.nowMicros(), force: .grams(1))
        }
    }

    @Test func aFailingSensorIsReportedOnceAndItsRecoveryToo() throws {
        let link = Self.link()
        link.originMicros.store(MonotonicClock().nowMicros(), ordering: .releasing)
        let reader = ReferenceReader(source: FlakySource(), link: link)
        try reader.start()
        usleep(400_000)
        reader.stop()
        #expect(reader.takeReports() == [
            .lost(DeviceError(operation: "read flaky", errno: EIO, hint: "check its cable")), .restored,
        ])
        #expect(reader.takeReports().isEmpty)
        #expect(reader.samplesRead.load(ordering: .relaxed) > 10)
    }

    /// Never answers in time: blocks for its two periods, then throws.
    struct SilentSource: ReferenceForceSource {
        let name = "silent"
        let samplePeriodMicros: Int64 = 50_000

        mutating func read(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> ReferenceSample {
            usleep(100_000)
            throw DeviceError(operation: "read silent", errno: ETIMEDOUT, hint: "")
        }
    }

    @Test func aSilentSensorStopsWithinOneReading() throws {
        let link = Self.link()
        let reader = ReferenceReader(source: SilentSource(), link: link)
        try reader.start()
        usleep(150_000)
        let clock = MonotonicClock()
        let start = clock.nowMicros()
        reader.stop()
        // At most one 100 ms reading plus the 100 ms retry pause.
        #expect(clock.nowMicros() - start < 250_000)
        #expect(reader.takeReports().count == 1)
    }

    @Test func readingsBeforeTheLoopStartsAreLeftOut() throws {
        let link = Self.link()
        let reader = ReferenceReader(source: FlakySource(readings: 10), link: link)
        try reader.start()
        usleep(50_000)
        reader.stop()
        guard var consumer = link.references.takeConsumer() else {
            Issue.record("the reference ring has no consumer to take")
            return
        }
        #expect(consumer.pop() == nil)
        #expect(reader.samplesRead.load(ordering: .relaxed) == 0)
    }

    /// Readings stamped 10 ms apart, with one stamp 60 ms after the one before on readings 5
    /// and 9 (as a starved thread or a sensor that fell behind leaves them).
    struct LateSource: ReferenceForceSource {
        let name = "late"
        let samplePeriodMicros: Int64 = 10_000
        var readings = 0
        var stampMicros: Int64 = 1_000_000

        mutating func read(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> ReferenceSample {
            readings += 1
            usleep(1_000)
            stampMicros += readings == 5 || readings == 9 ? 60_000 : 10_000
            return ReferenceSample(timeMicros: stampMicros, force: .grams(1))
        }
    }

    @Test func readingsMoreThanTwoPeriodsApartAreCountedAsGaps() throws {
        let link = Self.link()
        link.originMicros.store(0, ordering: .releasing)
        let reader = ReferenceReader(source: LateSource(), link: link)
        try reader.start()
        usleep(100_000)
        reader.stop()
        #expect(reader.samplesRead.load(ordering: .relaxed) + reader.droppedSamples.load(ordering: .relaxed) > 10)
        #expect(reader.gaps.load(ordering: .relaxed) == 2)
        #expect(reader.longestGapMicros.load(ordering: .relaxed) == 60_000)
        #expect(!TrialDisturbance.isReferenceGap(stepMicros: 20_000, periodMicros: 10_000))
        #expect(TrialDisturbance.isReferenceGap(stepMicros: 20_001, periodMicros: 10_000))
    }

    /// Real-time below the loop when asked (as root, which the tests run as in CI; refused
    /// otherwise, when it reads with normal scheduling and says so).
    @Test func theReaderRunsAtTheFIFOPriorityItIsGiven() throws {
        let link = Self.link()
        let reader = ReferenceReader(source: FlakySource(readings: 10), link: link)
        try reader.start(fifoPriority: 70)
        defer { reader.stop() }
        #expect(reader.fifoPriority == (getuid() == 0 ? 70 : nil))
    }
}
