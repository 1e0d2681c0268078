import ForcePadCore
@testable import ForcePadHAL
import Glibc
import Testing

/// The accelerometer's reader thread and the sim board's simulated accelerometer: samples in
/// loop time through the link's ring, a failing device reported once with its recovery, and
/// the simulated actuator driven by the line's edges or by what the simulated DRV2605L holds.
@Suite struct AccelerometerReaderTests {
    /// Four samples a batch, 1 ms apart on CLOCK_MONOTONIC; fails its second and third batches
    /// with a saturated chip, answers otherwise.
    struct FlakySource: AccelerometerSource {
        let name = "flaky"
        let samplesPerSecond: Int64 = 1000
        let stampUncertaintyMicros: Int64 = 0
        var batches = 0
        static let error = AccelerometerError.saturated(chip: "ADXL345", bus: "/dev/i2c-1", address: 0x53, limitMilliG: 4000)

        mutating func read(into output: inout MutableSpan<AccelerationSample>) throws(AccelerometerError) -> Int {
            batches += 1
            usleep(4_000)
            if batches == 2 || batches == 3 { throw Self.error }
            let now = MonotonicClock().nowMicros()
            for index in 0..<4 { output[index] = AccelerationSample(timeMicros: now - Int64(3 - index) * 1000, milliG: 1000) }
            return 4
        }
    }

    @Test func samplesArePushedInLoopTimeAndAFailureIsReportedOnceWithItsRecovery() throws {
        let link = ReferenceReaderTests.link()
        let origin = MonotonicClock().nowMicros()
        link.originMicros.store(origin, ordering: .releasing)
        guard var consumer = link.accelerations.takeConsumer() else {
            Issue.record("the ring's consumer was taken")
            return
        }
        let reader = AccelerometerReader(source: FlakySource(), link: link)
        try reader.start()
        usleep(400_000)
        reader.stop()
        #expect(reader.takeReports() == [.lost(FlakySource.error), .restored])
        var samples: [AccelerationSample] = []
        while let sample = consumer.pop() { samples.append(sample) }
        #expect(samples.count == Int(reader.samplesRead.load(ordering: .relaxed)))
        #expect(samples.count > 40)
        let times = samples.map(\.timeMicros)
        #expect(samples.allSatisfy { $0.milliG == 1000 })
        #expect((times.min() ?? 0) >= -5_000 && (times.max() ?? 0) < 1_000_000, "in loop time")
        #expect(times == times.sorted(), "oldest first")
    }

    /// Samples `source` for `micros` after raising the line through `input` at `onMicros`
    /// and lowering it at `offMicros` (µs after the start).
    static func sampled(
        playback: SimulatedDRV2605LPlayback?, onMicros: Int64, offMicros: Int64, micros: Int64
    ) throws -> [AccelerationSample] {
        let input = SimulatedActuatorInput()
        guard
            var source = SimulatedAccelerometerSource(
                input: input, actuator: .lra(resonanceHz: 175, quality: 10), ratedMilliG: 1200, range: .fourG,
                playback: playback, seed: 3)
        else { throw AccelerometerError.saturated(chip: "sim", bus: "-", address: 0, limitMilliG: 0) }
        let start = MonotonicClock().nowMicros()
        var line = SimulatedHapticLine(actuator: input)
        var samples: [AccelerationSample] = []
        var buffer = [AccelerationSample](repeating: AccelerationSample(timeMicros: 0, milliG: 0), count: 64)
        while MonotonicClock().nowMicros() - start < micros {
            let elapsed = MonotonicClock().nowMicros() - start
            try line.setActive(elapsed >= onMicros && elapsed < offMicros)
            var span = buffer.mutableSpan
            let count = try source.read(into: &span)
            _ = consume span
            samples += buffer[0..<count]
        }
        return samples.map { AccelerationSample(timeMicros: $0.timeMicros - start, milliG: $0.milliG) }
    }

    /// The largest deviation from 1 g (gravity) within `range` (µs after the start).
    static func peak(_ samples: [AccelerationSample], _ range: Range<Int64>) -> Int32 {
        samples.filter { range.contains($0.timeMicros) }.map { abs($0.milliG - 1000) }.max() ?? 0
    }

    @Test func theSimulatedActuatorVibratesWhileTheLineIsOnAndRingsDownAfter() throws {
        let samples = try Self.sampled(playback: nil, onMicros: 50_000, offMicros: 90_000, micros: 300_000)
        #expect(samples.count > 800, "3200 Hz for 0.3 s")
        #expect(Self.peak(samples, 0..<45_000) < 40, "at rest: gravity and noise")
        #expect(Self.peak(samples, 70_000..<95_000) > 600, "driven for 40 ms, τ 18 ms")
        #expect(Self.peak(samples, 250_000..<300_000) < 40, "rung down")
    }

    @Test func withADRV2605LAnEdgePlaysTheSequenceItsSlotsHold() throws {
        let playback = SimulatedDRV2605LPlayback()
        var chip = SimulatedDRV2605L()
        chip.playback = playback
        // Edge-trigger mode, effect 1 (Strong Click 100 %) then a 100 ms wait then effect 1.
        try chip.writeByteData(1, register: DRV2605LRegisters.mode, to: chip.address)
        try chip.writeByteData(1, register: DRV2605LRegisters.firstSequencerSlot, to: chip.address)
        try chip.writeByteData(0x80 | 10, register: DRV2605LRegisters.firstSequencerSlot + 1, to: chip.address)
        try chip.writeByteData(1, register: DRV2605LRegisters.firstSequencerSlot + 2, to: chip.address)
        try chip.writeByteData(0, register: DRV2605LRegisters.firstSequencerSlot + 3, to: chip.address)
        let drives = playback.drives(startingAt: 1_000)
        let secondStart: Int64 = 1_000 + 20_000 + 5_000 + 100_000
        #expect(drives.map(\.startMicros) == [1_000, secondStart])
        #expect(drives.allSatisfy { $0.durationMicros == 20_000 && $0.levelPerMille == 1000 })
        // The trigger edge plays the click; the line's length does not matter.
        let samples = try Self.sampled(playback: playback, onMicros: 50_000, offMicros: 60_000, micros: 120_000)
        #expect(Self.peak(samples, 0..<45_000) < 40)
        #expect(Self.peak(samples, 60_000..<80_000) > 400)
        // Standby plays nothing.
        try chip.writeByteData(DRV2605LRegisters.standby, register: DRV2605LRegisters.mode, to: chip.address)
        #expect(playback.drives(startingAt: 0).isEmpty)
    }

    @Test func anOverdriveClampAboveTheRatedPeakOverdrives() {
        // Rated 2.0 V RMS (code ≈ 97), clamp 2.5 V peak (117): below the rated peak, no overdrive.
        #expect(SimulatedDRV2605LPlayback.overdrivePerMille(rated: 97, clamp: 117) == 1000)
        // Clamp 5.0 V (235): about 1.8 × the rated peak.
        let overdrive = SimulatedDRV2605LPlayback.overdrivePerMille(rated: 97, clamp: 235)
        #expect(overdrive > 1700 && overdrive < 1900)
        #expect(SimulatedDRV2605LPlayback.levelPerMille(title: "Strong Click - 60%") == 600)
        #expect(SimulatedDRV2605LPlayback.lengthMicros(title: "750 ms Alert - 100%") == 750_000)
    }

    @Test func aNewDriveReplacesWhatIsLeftOfTheOneBefore() {
        var schedule = SimulatedDriveSchedule()
        schedule.add(SimulatedDrive(startMicros: 0, durationMicros: SimulatedDriveSchedule.openEndedMicros))
        #expect(schedule.levelPerMille(at: 5_000) == 1000)
        schedule.end(atMicros: 10_000)
        #expect(schedule.levelPerMille(at: 12_000) == 0)
        schedule.add(SimulatedDrive(startMicros: 20_000, durationMicros: 5_000, levelPerMille: 600))
        #expect(schedule.levelPerMille(at: 21_000) == 600)
        #expect(schedule.levelPerMille(at: 5_000) == 1000)
        schedule.forget(before: 22_000)
        #expect(schedule.levelPerMille(at: 5_000) == 0, "the first drive is forgotten once replaced")
    }
}
