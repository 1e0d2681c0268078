import Glibc
import Testing

@testable import ForcePadHAL

/// What can fail truthfully without an I2C adapter: opening, ioctls on a device that is not an
/// adapter, and the checks made before any system call. Transfers to a device are tested
/// against the kernel's i2c-stub on the virtual-machine rig.
@Suite struct I2CBusTests {
    @Test func openingAMissingAdapterNamesThePathAndHowToEnableI2C() {
        let error = #expect(throws: DeviceError.self) {
            _ = try I2CBus(devicePath: "/dev/i2c-99")
        }
        #expect(error?.errno == ENOENT)
        #expect(
            error?.description
                == "open /dev/i2c-99 failed: No such file or directory (ENOENT): no I2C adapter at /dev/i2c-99:"
                + " enable I2C (raspi-config, or dtparam=i2c_arm=on) and check the bus number")
    }

    @Test func readingFunctionalityOfADeviceThatIsNotAnAdapterSaysSo() throws {
        let bus = try I2CBus(devicePath: "/dev/null")
        let error = #expect(throws: DeviceError.self) {
            _ = try bus.functionality()
        }
        #expect(error?.errno == ENOTTY)
        #expect(error?.description.hasPrefix("read the functions of /dev/null failed: ") == true)
        #expect(error?.description.contains("(ENOTTY)") == true)
        #expect(
            error?.description.hasSuffix("/dev/null is not an I2C adapter: check the I2C bus device in the board file")
                == true)
    }

    @Test func requiringFunctionalityOnANonAdapterReportsTheIoctlFailure() throws {
        let bus = try I2CBus(devicePath: "/dev/null")
        let error = #expect(throws: DeviceError.self) {
            try bus.requireFunctionality([.readWordData, .writeWordData], for: "ADS1115")
        }
        #expect(error?.errno == ENOTTY)
    }

    @Test func aTransferOnANonAdapterFailsWhenSelectingTheAddress() throws {
        var bus = try I2CBus(devicePath: "/dev/null")
        let error = #expect(throws: DeviceError.self) {
            _ = try bus.readWordData(register: 0x00, from: 0x48)
        }
        #expect(error?.errno == ENOTTY)
        #expect(error?.description.hasPrefix("select 0x48 on /dev/null failed: ") == true)
    }

    @Test(arguments: [0x00, 0x02, 0x78, 0x7F, 0x80] as [UInt8])
    func reservedAddressesAreRefusedBeforeAnySystemCall(address: UInt8) throws {
        // On /dev/null an I2C_SLAVE ioctl would fail with ENOTTY: errno 0 shows none was made.
        var bus = try I2CBus(devicePath: "/dev/null")
        let error = #expect(throws: DeviceError.self) {
            _ = try bus.readByteData(register: 0x01, from: address)
        }
        #expect(error?.errno == 0)
        #expect(error?.description.contains("is not a device address: 7-bit devices use 0x03 to 0x77") == true)
    }

    @Test func theReservedAddressIsNamedInTheError() throws {
        var bus = try I2CBus(devicePath: "/dev/null")
        let error = #expect(throws: DeviceError.self) {
            try bus.writeByteData(0x00, register: 0x01, to: 0x78)
        }
        #expect(
            error?.description
                == "select 0x78 on /dev/null failed: 0x78 is not a device address: 7-bit devices use 0x03 to 0x77;"
                + " check the address in the board file")
    }

    @Test(arguments: [0, 33])
    func blockReadsOutsideOneTo32BytesAreRefusedBeforeAnySystemCall(length: Int) throws {
        var bus = try I2CBus(devicePath: "/dev/null")
        var bytes = [UInt8](repeating: 0, count: length)
        var span = bytes.mutableSpan
        let error = #expect(throws: DeviceError.self) {
            _ = try bus.readI2CBlock(register: 0x00, from: 0x48, into: &span)
        }
        #expect(error?.errno == 0)
        #expect(
            error?.description
                == "read block 0x00 from 0x48 on /dev/null failed: an I2C block read moves 1 to 32 bytes, not \(length)")
    }

    @Test func aClosedBusFailsEveryTransferUntilReopened() throws {
        var bus = try I2CBus(devicePath: "/dev/null")
        bus.close()
        let closed = #expect(throws: DeviceError.self) { _ = try bus.readByteData(register: 0x84, from: 0x48) }
        #expect(closed?.errno == EBADF)
        try bus.reopen()
        let reopened = #expect(throws: DeviceError.self) { _ = try bus.readByteData(register: 0x84, from: 0x48) }
        #expect(reopened?.errno == ENOTTY)
    }

    @Test func reopeningAnAdapterThatIsGoneKeepsTheBusAsItWas() throws {
        let path = "/tmp/forcepad-i2c-\(getpid())"
        _ = creat(path, 0o600)
        var bus = try I2CBus(devicePath: path)
        unlink(path)
        let error = #expect(throws: DeviceError.self) { try bus.reopen() }
        #expect(error?.errno == ENOENT)
        let stillOpen = #expect(throws: DeviceError.self) { _ = try bus.readByteData(register: 0, from: 0x48) }
        #expect(stillOpen?.errno == ENOTTY)
    }

    @Test func swappingSMBusWordOrderExchangesTheTwoBytes() {
        #expect(I2CBus.swapSMBusWordOrder(0x8583) == 0x8385)
        #expect(I2CBus.swapSMBusWordOrder(I2CBus.swapSMBusWordOrder(0x1234)) == 0x1234)
    }

    @Test func functionalityListsTransfersByName() {
        let missing = I2CFunctionality([.readWordData, .writeWordData, .readByteData])
            .subtracting(.readByteData)
        #expect(missing.description == "SMBus read word data, SMBus write word data")
    }
}
