@testable import ForcePadHAL
import Testing

/// The bytes an SPI accelerometer's register transfers start with, checked against both
/// datasheets' framing, and an SPI device that is not there.
@Suite struct SPIRegisterBusTests {
    @Test func headersSetReadAndMultipleByteBitsAsBothChipsExpect() {
        // ADXL345: a FIFO entry is six registers from DATAX0 (0x32) with R and MB set.
        #expect(SPIRegisterFrames.readHeader(ADXL345Registers.firstDataRegister, count: 6) == 0xF2)
        #expect(SPIRegisterFrames.readHeader(ADXL345Registers.deviceID, count: 1) == 0x80)
        #expect(SPIRegisterFrames.writeHeader(ADXL345Registers.powerControl) == 0x2D)
        // LIS3DH: OUT_X_L (0x28) with the I2C auto-increment bit the driver adds reads as RW and MS set.
        #expect(SPIRegisterFrames.readHeader(LIS3DHRegisters.firstDataRegister | LIS3DHRegisters.autoIncrement, count: 6) == 0xE8)
        #expect(SPIRegisterFrames.readHeader(LIS3DHRegisters.whoAmI, count: 1) == 0x8F)
        #expect(SPIRegisterFrames.writeHeader(LIS3DHRegisters.control1) == 0x20)
    }

    @Test func aMissingSPIDeviceSaysHowToEnableSPI() {
        #expect {
            _ = try SPIRegisterBus(devicePath: "/dev/spidev-forcepad-none")
        } throws: { error in
            (error as? DeviceError)?.description
                == "open /dev/spidev-forcepad-none failed: No such file or directory (ENOENT): no such SPI device: enable SPI (dtparam=spi=on in config.txt) and check spi_device in [accelerometer]"
        }
    }
}
