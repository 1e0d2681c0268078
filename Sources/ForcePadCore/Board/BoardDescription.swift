/// Everything about one hardware build: the only place a pin, address or device is named.
/// Loaded from `boards/NAME.toml`.
public struct BoardDescription: Sendable, Equatable {
    /// Short name, e.g. `sim`, `rpi4-ads7830`.
    public var name: String
    /// One line for people.
    public var summary: String
    /// The I2C adapter; nil on the `sim` board.
    public var bus: I2CBusDescription?
    /// Converters in cell order: the first converter's inputs are the first cells.
    public var adcs: [ADCDescription]
    public var geometry: PadGeometry
    /// Frames per second the loop reads (Hz).
    public var sampleRateHz: Int
    public var haptic: HapticLineDescription
    /// The DRV2605L driving the actuator (`[haptic.driver]`); nil when the haptic line drives
    /// the actuator directly (a transistor) or a driver set up by other means.
    public var hapticDriver: HapticDriverDescription?
    /// The input wired to the haptic output (a loopback wire) whose edges measure when the
    /// actuator line really changed; nil when the board has none.
    public var feedback: GPIOLineDescription?
    public var serial: SerialPortDescription
    /// Default counts→force curve for every cell until a calibration is saved.
    public var calibration: CalibrationTable
    /// Present on the `sim` board only.
    public var simulation: SimulationSettings?
    /// The reference force sensor beside the pad (`[reference]`); nil when the board has none.
    public var reference: ReferenceDescription?
    /// The accelerometer fixed to the pad (`[accelerometer]`); nil when the board has none.
    public var accelerometer: AccelerometerDescription?
    /// The motorised test stand pressing the pad (`[stand]`); nil when the board has none.
    public var stand: StandDescription?

    /// Largest number of cells any board may have (sizes the loop's fixed frame buffers).
    public static let maxCells = 256

    /// Frames per second any board may run at (`[sampling] rate_hz`).
    public static let sampleRateRangeHz = 1...10_000

    public init(
        name: String, summary: String, bus: I2CBusDescription?, adcs: [ADCDescription],
        geometry: PadGeometry, sampleRateHz: Int, haptic: HapticLineDescription,
        serial: SerialPortDescription, calibration: CalibrationTable, simulation: SimulationSettings?,
        feedback: GPIOLineDescription? = nil, hapticDriver: HapticDriverDescription? = nil,
        reference: ReferenceDescription? = nil
    ) {
        self.hapticDriver = hapticDriver
        self.name = name
        self.summary = summary
        self.bus = bus
        self.adcs = adcs
        self.geometry = geometry
        self.sampleRateHz = sampleRateHz
        self.haptic = haptic
        self.feedback = feedback
        self.serial = serial
        self.calibration = calibration
        self.simulation = simulation
        self.reference = reference
    }

    public var isSimulated: Bool { adcs.allSatisfy { $0.model == .sim } }

    /// Total converter inputs in use; must equal the geometry's cell count.
    public var channelCount: Int { adcs.reduce(0) { $0 + $1.inputs.count } }

    /// Highest frame rate the converters can deliver on this bus, in Hz (converters on one
    /// bus are read one after another, with the I2C switch's channel selections between them).
    /// Infinite for the simulated converter.
    public var sampleRateCeilingHz: Double {
        let clock = bus?.clockHz ?? 400_000
        let switchMicros = Double(muxSwitchesPerFrame * I2CMuxDescription.selectBits) * 1_000_000 / Double(clock)
        let frameMicros = adcs.reduce(switchMicros) { $0 + $1.frameReadMicros(busHz: clock) }
        return frameMicros > 0 ? 1_000_000 / frameMicros : .infinity
    }

    /// Channels of the I2C switch a frame selects: one each time the converters, read in cell
    /// order, move to another channel, counting the move from the last back to the first (the
    /// next frame's); 0 without a switch, and with every converter on one channel (selected
    /// once, when the bus is opened or after a failed transfer).
    public var muxSwitchesPerFrame: Int {
        let channels = adcs.compactMap(\.muxChannel)
        guard bus?.mux != nil, let first = channels.first else { return 0 }
        let moves = zip(channels, channels.dropFirst()).filter { $0 != $1 }.count
        return moves + (channels.last == first ? 0 : 1)
    }
}
