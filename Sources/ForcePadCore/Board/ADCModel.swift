/// The analog-to-digital converters ForcePad reads, with the datasheet figures the
/// sample-rate ceiling is computed from.
public enum ADCModel: String, Sendable, CaseIterable, BitwiseCopyable {
    /// TI ADS1115: 16-bit, 4 inputs, 8–860 samples/s, single-shot per channel.
    case ads1115
    /// TI ADS1015: 12-bit, 4 inputs, 128–3300 samples/s, single-shot per channel.
    case ads1015
    /// TI ADS7830: 8-bit, 8 single-ended inputs, converts during the I2C read.
    case ads7830
    /// NXP PCF8591: 8-bit, 4 inputs, 100 kHz I2C; the first byte after a channel switch is stale.
    case pcf8591
    /// The simulated converter of the `sim` board (12-bit, no bus).
    case sim

    /// The name messages use: the part number as printed on the chip (`ADS7830`), or `sim`.
    public var partName: String { self == .sim ? "sim" : rawValue.uppercased() }

    /// Output code width in bits.
    public var resolutionBits: Int {
        switch self {
        case .ads1115: 16
        case .ads1015, .sim: 12
        case .ads7830, .pcf8591: 8
        }
    }

    /// Largest code a cell can read (single-ended, so the positive half for the ADS1x15).
    public var fullScaleCounts: Int32 {
        switch self {
        case .ads1115: 32767
        case .ads1015: 2047
        case .sim: 4095
        case .ads7830, .pcf8591: 255
        }
    }

    /// Number of single-ended inputs.
    public var inputCount: Int {
        switch self {
        case .ads7830: 8
        case .sim: 256
        default: 4
        }
    }

    /// Data rates the converter supports, in samples per second (empty: not configurable).
    public var dataRates: [Int] {
        switch self {
        case .ads1115: [8, 16, 32, 64, 128, 250, 475, 860]
        case .ads1015: [128, 250, 490, 920, 1600, 2400, 3300]
        default: []
        }
    }

    /// Full-scale ranges of the programmable gain amplifier in millivolts, widest first
    /// (empty: no amplifier).
    public var fullScaleRangesMillivolts: [Int] {
        switch self {
        case .ads1115, .ads1015: [6144, 4096, 2048, 1024, 512, 256]
        default: []
        }
    }

    /// Range used when the board file names none: ±4.096 V covers an FSR divider on 3.3 V
    /// without clipping (the next range, ±2.048 V, would clip above 2 V).
    public var defaultFullScaleMillivolts: Int {
        fullScaleRangesMillivolts.isEmpty ? 0 : 4096
    }

    /// Fastest I2C clock the part accepts in standard/fast mode, in Hz.
    public var maxBusHz: Int {
        switch self {
        case .pcf8591: 100_000
        default: 400_000
        }
    }

    /// Default 7-bit I2C address (every supported part answers at 0x48 with its address pins low).
    public var defaultAddress: UInt8 { 0x48 }

    /// Whether the converter sits on an I2C bus (every model but `sim`).
    public var isOnBus: Bool { self != .sim }

    /// Time in microseconds to read one channel, as the driver does it, with no software
    /// cost: the bus bits at `busHz` plus any conversion wait. This is the floor on which
    /// the sample-rate ceiling is built, so a rate above the ceiling is impossible, not slow.
    ///
    /// - ADS1x15: write the config register (38 bits), wait 1.1 × 1/DR + 20 µs, read the
    ///   config register to check the conversion is ready (48 bits), read the conversion
    ///   register (48 bits): 134 bits.
    /// - ADS7830: one SMBus byte-data read (38 bits); the conversion happens during it.
    /// - PCF8591: an SMBus byte-data read selecting the input, whose byte is the stale previous
    ///   conversion (38 bits), then a receive-byte for the input's own conversion (20 bits).
    public func channelReadMicros(busHz: Int, dataRate: Int) -> Double {
        let bitMicros = 1_000_000 / Double(busHz)
        switch self {
        case .ads1115, .ads1015:
            let conversion = 1.1 * 1_000_000 / Double(dataRate) + 20
            return 134 * bitMicros + conversion
        case .ads7830:
            return 38 * bitMicros
        case .pcf8591:
            return 58 * bitMicros
        case .sim:
            return 0
        }
    }
}
