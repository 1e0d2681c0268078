import ForcePadCore
@testable import ForcePadHAL
import Testing

/// An ADXL345 read through ``ChipAccelerometerSource`` that fails, falls silent, or comes back
/// as another chip: each is one error the reader reports, and the chip is started again
/// (its ID checked again) before it is read once more.
@Suite struct AccelerometerRecoveryTests {
    /// The chip the test changes while the source reads it.
    final class Chip: @unchecked Sendable {
        var bus = FakeAccelerometerBus(address: 0x53)
        var failing = false
    }

    /// A bus over the shared ``Chip``.
    struct SharedBus: BlockRegisterBus {
        let chip: Chip

        mutating func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8 {
            if chip.failing { throw FakeAccelerometerBus.noAnswer }
            return try chip.bus.readByteData(register: register, from: address)
        }

        mutating func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError) {
            if chip.failing { throw FakeAccelerometerBus.noAnswer }
            try chip.bus.writeByteData(value, register: register, to: address)
        }

        mutating func readI2CBlock(register: UInt8, from address: UInt8, into buffer: inout MutableSpan<UInt8>) throws(DeviceError) -> Int {
            if chip.failing { throw FakeAccelerometerBus.noAnswer }
            return try chip.bus.readI2CBlock(register: register, from: address, into: &buffer)
        }
    }

    static func fill(_ chip: Chip, entries: Int) {
        chip.bus.fifo = Array(repeating: FakeAccelerometerBus.entry(0, 0, 256), count: entries)
        chip.bus.registers[Int(ADXL345Registers.fifoStatus)] = UInt8(entries)
    }

    @Test func aChipThatFailsFallsSilentOrChangesIsStartedAgainAndReported() throws {
        let chip = Chip()
        chip.bus.registers[Int(ADXL345Registers.deviceID)] = ADXL345Registers.adxl345DeviceID
        var source = try ChipAccelerometerSource(
            chip: ADXL345(busName: "/dev/i2c-test", range: .fourG), bus: SharedBus(chip: chip), busName: "/dev/i2c-test",
            address: 0x53, rateHz: 3200, axis: .z)
        var samples = [AccelerationSample](repeating: AccelerationSample(timeMicros: 0, milliG: 0), count: 32)
        func read() throws(AccelerometerError) -> Int {
            var span = samples.mutableSpan
            return try source.read(into: &span)
        }
        #expect(chip.bus.writes.count == 5, "started: power off, rate, format, FIFO, measure")
        Self.fill(chip, entries: 3)
        #expect(try read() == 3)
        #expect(samples[0].milliG == 1000 && samples[2].timeMicros - samples[0].timeMicros == 624)
        // A transfer fails: one error; the next read starts the chip again first.
        chip.failing = true
        #expect(throws: AccelerometerError.self) { _ = try read() }
        chip.failing = false
        Self.fill(chip, entries: 2)
        #expect(try read() == 2)
        #expect(chip.bus.writes.count == 10, "started again")
        // Silent for 100 ms: one error naming it, then started again.
        Self.fill(chip, entries: 0)
        var silence: AccelerometerError?
        for _ in 0..<40 where silence == nil {
            do { _ = try read() } catch { silence = error }
        }
        #expect(silence == .silent(chip: "ADXL345", bus: "/dev/i2c-test", address: 0x53, micros: try #require(silence.flatMap {
            if case .silent(_, _, _, let micros) = $0 { micros } else { nil }
        })))
        // It came back as another chip: refused by its ID, as at start.
        chip.bus.registers[Int(ADXL345Registers.deviceID)] = 0x00
        #expect(throws: AccelerometerError.wrongDevice(chip: "ADXL345", bus: "/dev/i2c-test", address: 0x53, found: 0x00, expected: 0xE5)) {
            _ = try read()
        }
        chip.bus.registers[Int(ADXL345Registers.deviceID)] = ADXL345Registers.adxl345DeviceID
        Self.fill(chip, entries: 4)
        #expect(try read() == 4)
    }
}
