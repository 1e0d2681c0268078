/// A motorised force test stand pressing the pad (the board file's `[stand]`).
///
/// Travel is the crosshead's distance from its home (the top of its stroke) towards the pad,
/// in micrometres (µm, Q0): 0 at home, larger is lower. Speeds are in micrometres per minute
/// (µm/min, Q0; 1 mm/min = 1000), the unit both protocols speak in (mm/min).
public struct StandDescription: Sendable, Equatable {
    /// The speeds any stand may be given (µm/min): the ESM303's range is 0.5 to 1100 mm/min.
    public static let speedRange: ClosedRange<Int64> = 500...1_100_000
    /// The travel any stand may be limited to (µm): at most 1 m of stroke.
    public static let travelRange: ClosedRange<Int64> = 0...1_000_000
    /// The command periods a stand may be polled at (µs): 10 ms to 1 s.
    public static let commandPeriodRange: ClosedRange<Int64> = 10_000...1_000_000
    /// How many command periods a stand may stay silent before it is stopped (`silent_periods`).
    public static let silentPeriodsRange: ClosedRange<Int64> = 2...20

    public var model: StandModel
    /// The serial device, e.g. `/dev/ttyUSB1`; nil on the sim board, whose stand is simulated
    /// on a pseudo-terminal (``simulation``).
    public var device: String?
    /// Bits per second, one of ``SerialPortDescription/supportedBauds``.
    public var baud: Int
    /// The fastest the crosshead may be asked to move (µm/min).
    public var maxSpeed: Int64
    /// The travel the crosshead may be moved within (µm), from home.
    public var travelLimits: ClosedRange<Int64>
    /// The force that stops the stand at once, whatever it was doing.
    public var forceLimit: Force
    /// How often the stand is asked where it is (µs); a stand silent for ``silentPeriods`` of
    /// them is stopped.
    public var commandPeriodMicros: Int64
    /// How many command periods the stand may stay silent (and the reference sensor's reading
    /// may age) before the stand is stopped.
    public var silentPeriods: Int64
    /// The simulated stand and what it presses through (sim board only).
    public var simulation: SimulatedStandSettings?

    public init(
        model: StandModel, device: String?, baud: Int, maxSpeed: Int64, travelLimits: ClosedRange<Int64>,
        forceLimit: Force, commandPeriodMicros: Int64, silentPeriods: Int64 = 3, simulation: SimulatedStandSettings? = nil
    ) {
        self.silentPeriods = silentPeriods
        self.model = model
        self.device = device
        self.baud = baud
        self.maxSpeed = maxSpeed
        self.travelLimits = travelLimits
        self.forceLimit = forceLimit
        self.commandPeriodMicros = commandPeriodMicros
        self.simulation = simulation
    }

    /// How long the stand may stay silent before it is stopped (µs).
    public var silenceLimitMicros: Int64 { silentPeriods * commandPeriodMicros }
}
