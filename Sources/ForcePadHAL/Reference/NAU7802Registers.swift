/// The NAU7802 registers and bit fields ForcePad uses, from Nuvoton's datasheet ("NAU7802
/// 24-Bit Dual-Channel ADC For Bridge Sensors", revision 1.7: "Summary Device Register Map"
/// and "Device Register Map Details", section 11; the power-on sequence of section 9.1),
/// checked against the Linux IIO driver (drivers/iio/adc/nau7802.c) and SparkFun's Qwiic
/// Scale library. Every register is 8 bits, read and written with SMBus byte-data transfers.
///
/// | address | register | bits used here |
/// |---|---|---|
/// | 0x00 | PU_CTRL | 7 AVDDS (1: AVDD from the internal LDO), 6 OSCS (0: internal RC oscillator), 5 CR cycle ready (read only), 4 CS cycle start, 3 PUR power-up ready (read only), 2 PUA power up analog, 1 PUD power up digital, 0 RR register reset |
/// | 0x01 | CTRL1 | 7 CRP, 6 DRDY_SEL, 5–3 VLDO (000 4.5 V … 111 2.4 V, 0.3 V steps), 2–0 GAINS (gain 2^GAINS, 1 to 128) |
/// | 0x02 | CTRL2 | 7 CHS (0: channel 1), 6–4 CRS (000 10, 001 20, 010 40, 011 80, 111 320 SPS), 3 CAL_ERR, 2 CALS (write 1 to start; reads 1 until done), 1–0 CALMOD (00 internal offset) |
/// | 0x12–0x14 | ADCO_B2, ADCO_B1, ADCO_B0 | the conversion, 24-bit two's complement, B2 most significant |
/// | 0x15 | ADC | 5–4 REG_CHPS: 11 turns the clock chopper off (the value the power-on sequence writes) |
/// | 0x1B | PGA | 6 LDOMODE, 5 PGA output buffer, 4 PGA bypass, 0 PGACHPDIS: not written, left at their power-on 0 |
/// | 0x1C | POWER | 7 PGA_CAP_EN: the decoupling capacitor on channel 2's inputs, for single-channel use |
/// | 0x1F | REVISION_ID | 3–0 the chip revision, 0xF on the NAU7802 |
enum NAU7802Registers {
    static let powerUpControl: UInt8 = 0x00
    static let control1: UInt8 = 0x01
    static let control2: UInt8 = 0x02
    static let conversionHigh: UInt8 = 0x12
    static let conversionMiddle: UInt8 = 0x13
    static let conversionLow: UInt8 = 0x14
    static let adc: UInt8 = 0x15
    static let power: UInt8 = 0x1C
    static let revision: UInt8 = 0x1F
    /// One past the last register (the simulated register file's size).
    static let count = 0x20

    /// PU_CTRL bit 0: register reset; all registers return to their power-on values while set.
    static let registerReset: UInt8 = 0x01
    /// PU_CTRL bit 1: power up the digital circuit.
    static let powerUpDigital: UInt8 = 0x02
    /// PU_CTRL bit 2: power up the analog circuit.
    static let powerUpAnalog: UInt8 = 0x04
    /// PU_CTRL bit 3: the chip is powered up and ready (read only).
    static let powerUpReady: UInt8 = 0x08
    /// PU_CTRL bit 4: start conversions (continuous).
    static let cycleStart: UInt8 = 0x10
    /// PU_CTRL bit 5: a new conversion is ready in ADCO (read only).
    static let cycleReady: UInt8 = 0x20
    /// PU_CTRL bit 7: AVDD from the internal LDO (the Qwiic Scale feeds the load cell from it).
    static let internalLDO: UInt8 = 0x80

    /// CTRL1 bits 5–3 VLDO = 101: 3.0 V, headroom below a 3.3 V supply (the value of the
    /// Linux binding's example).
    static let ldo3Volts: UInt8 = 0b101 << 3

    /// CTRL2 bits 1–0 CALMOD = 00: internal offset calibration.
    static let internalOffsetCalibration: UInt8 = 0x00
    /// CTRL2 bit 2: CALS, starts a calibration; reads 1 while it runs.
    static let calibrationStart: UInt8 = 0x04
    /// CTRL2 bit 3: CAL_ERR, the last calibration failed.
    static let calibrationError: UInt8 = 0x08
    /// CTRL2 bits 6–4: CRS, the conversion rate.
    static let rateShift: UInt8 = 4
    static let rateMask: UInt8 = 0x70

    /// ADC register with REG_CHPS = 11: clock chopper off (datasheet 9.1).
    static let adcChopperOff: UInt8 = 0x30
    /// POWER bit 7: PGA_CAP_EN.
    static let pgaCapacitorEnable: UInt8 = 0x80
    /// REVISION_ID bits 3–0 on a NAU7802.
    static let revisionMask: UInt8 = 0x0F
    static let nau7802Revision: UInt8 = 0x0F
}
