import ForcePadCore
import Glibc
import Synchronization
import Testing

@testable import ForcePadHAL

/// What every start does to a real reference sensor before its reader runs: a NAU7802 (a
/// register-level simulated chip) powered up, calibrated and tared, a gauge on a
/// pseudo-terminal tared; their readings reaching the loop's reference ring through the
/// reader thread; and one-line errors for a sensor that cannot start.
@Suite struct ReferenceSourceStartTests {
    /// The force on a simulated load cell, set by the test while the reader owns the chip.
    final class Load: Sendable {
        let counts = Atomic<Int32>(0)
    }

    /// A simulated NAU7802 whose input follows ``Load``.
    struct LoadedChip: ByteRegisterBus {
        var chip: SimulatedNAU7802<MonotonicClock>
        let load: Load

        mutating func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8 {
            chip.inputCounts = load.counts.load(ordering: .relaxed)
            return try chip.readByteData(register: register, from: address)
        }

        mutating func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError) {
            try chip.writeByteData(value, register: register, to: address)
        }
    }

    static func samples(_ link: LoopLink) -> [ReferenceSample] {
        guard var consumer = link.references.takeConsumer() else { return [] }
        var samples: [ReferenceSample] = []
        while let sample = consumer.pop() { samples.append(sample) }
        return samples
    }

    @Test func theTareTakesAQuarterSecondOfReadingsAndAtLeastTwo() {
        #expect(ReferenceSourceStart.tareReadings(rateHz: 80) == 20)
        #expect(ReferenceSourceStart.tareReadings(rateHz: 320) == 80)
        #expect(ReferenceSourceStart.tareReadings(rateHz: 10) == 2)
        #expect(ReferenceSourceStart.tareReadings(rateHz: 1) == 2)
    }

    @Test func aLoadCellIsStartedTaredAndItsGramsReachTheLoop() throws {
        let load = Load()
        load.counts.store(5_000, ordering: .relaxed)
        let description = LoadCellADCDescription(device: "/dev/i2c-1", gain: 128, rateSPS: 320, countsPerGram: 100)
        let adc = try ReferenceSourceStart.loadCell(
            description, bus: LoadedChip(chip: SimulatedNAU7802(clock: MonotonicClock()), load: load), waitClock: MonotonicClock())
        #expect(adc.tareCounts == 5_000)
        #expect(adc.bus.chip.value(of: NAU7802Registers.powerUpControl) & NAU7802Registers.powerUpReady != 0)
        // 150 g on the tared load cell.
        load.counts.store(5_000 + 15_000, ordering: .relaxed)
        let link = ReferenceReaderTests.link()
        link.originMicros.store(MonotonicClock().nowMicros(), ordering: .releasing)
        let reader = ReferenceReader(source: adc, link: link)
        #expect(reader.name == "nau7802 on /dev/i2c-1 at 0x2a")
        try reader.start()
        usleep(200_000)
        reader.stop()
        let samples = Self.samples(link)
        // 200 ms at 320 SPS: about 64 readings (a loaded machine may lose some).
        #expect(samples.count >= 20)
        #expect(samples.allSatisfy { $0.force == .grams(150) })
        #expect(reader.takeReports().isEmpty)
    }

    @Test func aLoadCellWithoutAScaleIsRefusedAtStart() {
        let clock = SteppingClock()
        let description = LoadCellADCDescription(device: "/dev/i2c-1", gain: 128, rateSPS: 80, countsPerGram: nil)
        let error = #expect(throws: DeviceError.self) {
            _ = try ReferenceSourceStart.loadCell(description, bus: SimulatedNAU7802(clock: clock), waitClock: clock)
        }
        #expect(error?.description
            == "start the NAU7802 at 0x2a on /dev/i2c-1 failed: the load cell has no scale: set scale (counts per gram) in the board's [reference], measured with a known weight as docs/reference-sensors.md says")
        // Before the adapter is opened: the board file is what to fix.
        let unopened = #expect(throws: DeviceError.self) {
            _ = try ReferenceSourceStart.loadCell(
                LoadCellADCDescription(device: "/dev/i2c-forcepad-absent", gain: 128, rateSPS: 80, countsPerGram: nil))
        }
        #expect(unopened?.description.hasPrefix("start the NAU7802 at 0x2a on /dev/i2c-forcepad-absent failed: the load cell has no scale") == true)
    }

    @Test func aChipThatFailsItsCalibrationFailsTheStartInOneLine() {
        let clock = SteppingClock()
        var chip = SimulatedNAU7802(clock: clock)
        chip.calibrationFails = true
        let description = LoadCellADCDescription(device: "/dev/i2c-1", gain: 128, rateSPS: 80, countsPerGram: 100)
        let error = #expect(throws: DeviceError.self) {
            _ = try ReferenceSourceStart.loadCell(description, bus: chip, waitClock: clock)
        }
        #expect(error?.description.hasPrefix("calibrate the NAU7802 at 0x2a on /dev/i2c-1 failed: the internal offset calibration failed (CAL_ERR)") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test func anAdapterThatIsNotThereFailsTheStartWithItsPath() {
        let description = LoadCellADCDescription(device: "/dev/i2c-forcepad-absent", gain: 128, rateSPS: 80, countsPerGram: 100)
        let error = #expect(throws: DeviceError.self) { _ = try ReferenceSourceStart.loadCell(description) }
        #expect(error?.description.hasPrefix("open /dev/i2c-forcepad-absent failed") == true)
    }

    @Test func aGaugeIsTaredAtStartAndReadsTheForceOnThePad() throws {
        let terminal = try PseudoTerminal()
        let description = ForceGaugeDescription(model: .mark10, device: terminal.subordinatePath, baud: 9600, rateHz: 10)
        let lines = ["0.10 kgF\r\n", "0.12 kgF\r\n", "0.26 kgF\r\n"]
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: lines.map { ScriptedGauge.Reply(chunks: [$0]) })
        var gauge = try ReferenceSourceStart.gauge(description)
        #expect(gauge.zeroOffset == .grams(110))
        #expect(try gauge.read(clock: MonotonicClock()).force == .grams(150))
        #expect(far.finish() == ["?\r", "?\r", "?\r"])
    }

    @Test func aSilentGaugeFailsTheStartWithinTwoPeriods() throws {
        let terminal = try PseudoTerminal()
        let description = ForceGaugeDescription(model: .imada, device: terminal.subordinatePath, baud: 9600, rateHz: 10)
        let far = try ScriptedGauge(controllerDescriptor: terminal.controllerDescriptor, replies: [nil])
        let clock = MonotonicClock()
        let started = clock.nowMicros()
        let error = #expect(throws: DeviceError.self) { _ = try ReferenceSourceStart.gauge(description) }
        #expect(clock.nowMicros() - started < 400_000)
        #expect(error?.description
            == "read the imada gauge on \(terminal.subordinatePath) at 9600 baud failed: no answer within 200 ms (two periods at 10 Hz): check the cable, the baud rate and that the gauge is on, or lower rate_hz")
        _ = far.finish()
    }
}
