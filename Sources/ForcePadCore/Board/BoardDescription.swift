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
    /// The input wired to the haptic output (a loopback wire) whose edges measure when the
    /// actuator line really changed; nil when the board has none.
    public var feedback: GPIOLineDescription?
    public var serial: SerialPortDescription
    /// Default counts→force curve for every cell until a calibration is saved.
    public var calibration: CalibrationTable
    /// Present on the `sim` board only.
    public var simulation: SimulationSettings?
    /// The reference force sensor beside the pad (`[reference]`); nil when there is none.
    public var reference: ReferenceSensorDescription?

    /// Largest number of cells any board may have (sizes the loop's fixed frame buffers).
    public static let maxCells = 64

    public init(
        name: String, summary: String, bus: I2CBusDescription?, adcs: [ADCDescription],
        geometry: PadGeometry, sampleRateHz: Int, haptic: HapticLineDescription,
        serial: SerialPortDescription, calibration: CalibrationTable, simulation: SimulationSettings?,
        feedback: GPIOLineDescription? = nil, reference: ReferenceSensorDescription? = nil
    ) {
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
    /// bus are read one after another). Infinite for the simulated converter.
    public var sampleRateCeilingHz: Double {
        let clock = bus?.clockHz ?? 400_000
        let frameMicros = adcs.reduce(0.0) { $0 + $1.frameReadMicros(busHz: clock) }
        return frameMicros > 0 ? 1_000_000 / frameMicros : .infinity
    }
}
