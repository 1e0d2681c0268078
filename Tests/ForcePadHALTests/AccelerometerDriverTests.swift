import ForcePadCore
import Testing

@testable import ForcePadHAL

/// The ADXL345 and LIS3DH drivers against a register file: what start-up writes, how the FIFO
/// is emptied and scaled, and the one-line refusals.
@Suite struct AccelerometerDriverTests {
    private static func adxl345Bus() -> FakeAccelerometerBus {
        var bus = FakeAccelerometerBus(address: 0x53)
        bus.registers[0x00] = 0xE5
        return bus
    }

    private static func lis3dhBus() -> FakeAccelerometerBus {
        var bus = FakeAccelerometerBus(address: 0x18)
        bus.registers[0x0F] = 0x33
        return bus
    }

    @Test func adxl345StartsAt3200HzInFullResolutionStreamingIntoItsFIFO() throws {
        var bus = Self.adxl345Bus()
        try ADXL345(busName: "/dev/i2c-1", range: .eightG).start(on: &bus)
        #expect(bus.writes.map(\.0) == [0x2D, 0x2C, 0x31, 0x38, 0x2D])
        #expect(bus.writes.map(\.1) == [0x00, 0x0F, 0x0A, 0x80, 0x08])
    }

    @Test func adxl345ReadsItsFIFOOneSixByteTransferPerEntryScaledToMilliG() throws {
        var bus = Self.adxl345Bus()
        bus.registers[0x39] = 3
        bus.fifo = [
            FakeAccelerometerBus.entry(256, -256, 0), FakeAccelerometerBus.entry(128, 0, -512),
            FakeAccelerometerBus.entry(1, 2, 3),
        ]
        var storage = [AccelerationVector](repeating: .zero, count: 2)
        var output = storage.mutableSpan
        let count = try ADXL345(busName: "/dev/i2c-1", range: .sixteenG).readFIFO(on: &bus, into: &output)
        // Two asked for, though three wait.
        #expect(count == 2)
        #expect(bus.blockReads.map(\.0) == [0x32, 0x32])
        #expect(bus.blockReads.map(\.1) == [6, 6])
        #expect(output[0] == AccelerationVector(xMilliG: 1000, yMilliG: -1000, zMilliG: 0))
        #expect(output[1] == AccelerationVector(xMilliG: 500, yMilliG: 0, zMilliG: -2000))
        _ = storage
    }

    @Test func adxl345In10BitModeScalesByItsRange() {
        let tenBit = ADXL345(busName: "/dev/i2c-1", range: .fourG, fullResolution: false)
        // 128 LSB/g at ±4 g.
        #expect(tenBit.milliG(0x80, 0x00) == 1000)
        #expect(ADXL345(busName: "/dev/i2c-1", range: .fourG).milliG(0x80, 0x00) == 500)
    }

    @Test func anotherChipIsRefusedInOneLineWithBusAddressAndFix() {
        var bus = Self.adxl345Bus()
        bus.registers[0x00] = 0x33
        let error = #expect(throws: AccelerometerError.self) {
            try ADXL345(busName: "/dev/i2c-1", range: .twoG).start(on: &bus)
        }
        #expect(
            error?.description
                == "the device at 0x53 on /dev/i2c-1 answers with ID 0x33, not an ADXL345 (0xe5):"
                + " check the wiring and the address in [accelerometer]")
        #expect(bus.writes.isEmpty)
    }

    @Test func noAnswerNamesTheChipBusAndAddress() {
        var bus = Self.adxl345Bus()
        let error = #expect(throws: AccelerometerError.self) {
            try ADXL345(busName: "/dev/i2c-1", address: 0x1D, range: .twoG).start(on: &bus)
        }
        #expect(error?.description.hasPrefix("the ADXL345 at 0x1d on /dev/i2c-1: ") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test func aSaturatedFIFOIsRefusedAndOneSaturatedEntryIsNot() throws {
        var bus = Self.adxl345Bus()
        bus.registers[0x39] = 2
        // Full resolution at ±2 g: 511 counts is 1996 mg, the largest reading.
        bus.fifo = [FakeAccelerometerBus.entry(511, 0, 0), FakeAccelerometerBus.entry(0, -512, 0)]
        var storage = [AccelerationVector](repeating: .zero, count: 32)
        var output = storage.mutableSpan
        let driver = ADXL345(busName: "/dev/i2c-1", range: .twoG)
        let error = #expect(throws: AccelerometerError.self) { try driver.readFIFO(on: &bus, into: &output) }
        #expect(error?.description.contains("choose a larger range in [accelerometer]") == true)
        bus.registers[0x39] = 2
        bus.fifo = [FakeAccelerometerBus.entry(511, 0, 0), FakeAccelerometerBus.entry(10, 0, 0)]
        #expect(try driver.readFIFO(on: &bus, into: &output) == 2)
        _ = storage
    }

    @Test func aShortBlockTransferIsAFailedRead() {
        var bus = Self.adxl345Bus()
        bus.registers[0x39] = 1
        var storage = [AccelerationVector](repeating: .zero, count: 32)
        var output = storage.mutableSpan
        let error = #expect(throws: AccelerometerError.self) {
            try ADXL345(busName: "/dev/i2c-1", range: .twoG).readFIFO(on: &bus, into: &output)
        }
        #expect(error?.description.contains("only 0 arrived") == true)
        _ = storage
    }

    @Test func lis3dhStartsInHighResolutionStreamingIntoItsFIFO() throws {
        var bus = Self.lis3dhBus()
        try LIS3DH(busName: "/dev/i2c-1", range: .fourG).start(on: &bus)
        #expect(bus.writes.map(\.0) == [0x20, 0x23, 0x24, 0x2E])
        #expect(bus.writes.map(\.1) == [0x97, 0x98, 0x40, 0x80])
    }

    @Test func lis3dhReadsItsFIFOWithAutoIncrementAndScalesTwelveBits() throws {
        var bus = Self.lis3dhBus()
        // FSS 2.
        bus.registers[0x2F] = 0x02
        // 1000 digits left-justified: 1000 << 4; at ±4 g, 2 mg a digit.
        bus.fifo = [FakeAccelerometerBus.entry(16_000, -16_000, 0), FakeAccelerometerBus.entry(16, 0, 0)]
        var storage = [AccelerationVector](repeating: .zero, count: 32)
        var output = storage.mutableSpan
        let count = try LIS3DH(busName: "/dev/i2c-1", range: .fourG).readFIFO(on: &bus, into: &output)
        #expect(count == 2)
        #expect(bus.blockReads.map(\.0) == [0xA8, 0xA8])
        #expect(output[0] == AccelerationVector(xMilliG: 2000, yMilliG: -2000, zMilliG: 0))
        #expect(output[1] == AccelerationVector(xMilliG: 2, yMilliG: 0, zMilliG: 0))
        // EMPTY set: nothing read.
        bus.registers[0x2F] = 0x20
        #expect(try LIS3DH(busName: "/dev/i2c-1", range: .fourG).readFIFO(on: &bus, into: &output) == 0)
        _ = storage
    }

    @Test func lis3dhAnotherChipIsRefused() {
        var bus = Self.lis3dhBus()
        bus.registers[0x0F] = 0xE5
        let error = #expect(throws: AccelerometerError.self) {
            try LIS3DH(busName: "/dev/i2c-0", range: .twoG).start(on: &bus)
        }
        #expect(error == .wrongDevice(chip: "LIS3DH", bus: "/dev/i2c-0", address: 0x18, found: 0xE5, expected: 0x33))
    }
}
