import ForcePadCore

/// Brings a board's real reference sensor to its first reading, as every start does before
/// its reader thread runs: a NAU7802 is powered up, calibrated and tared; a gauge's port is
/// opened at its baud rate and the gauge tared. With nothing on the pad at start, a reading
/// is then the force on the pad.
///
/// Each step fails at once with a ``DeviceError`` naming the device, what failed and what to
/// check; nothing here is retried (the reader retries while running, not at start).
public enum ReferenceSourceStart {
    /// How long the tare averages readings at start (µs): long enough to average out a load
    /// cell's noise, short enough not to hold up the start.
    public static let tareMicros: Int64 = 250_000

    /// The readings averaged into the tare at `rate` readings per second: those in
    /// ``tareMicros``, at least 2.
    public static func tareReadings(rateHz: Int) -> Int {
        max(2, Int(Int64(rateHz) * tareMicros / 1_000_000))
    }

    /// The NAU7802 `description` names, on `bus` (the adapter it names, or a simulated chip),
    /// powered up, calibrated and tared. Refuses a load cell without a scale: its readings
    /// would be counts, not force.
    public static func loadCell<Bus: ByteRegisterBus & ~Copyable, WaitClock: LoopClock>(
        _ description: LoadCellADCDescription, bus: consuming Bus, waitClock: WaitClock
    ) throws(DeviceError) -> NAU7802<Bus, WaitClock> {
        try requireScale(description)
        var adc = try NAU7802(bus: bus, device: description.device, description: description, waitClock: waitClock)
        try adc.start(clock: waitClock)
        try adc.tare(readings: tareReadings(rateHz: description.rateSPS), clock: waitClock)
        return adc
    }

    /// The NAU7802 `description` names on the I2C adapter it names, started as
    /// ``loadCell(_:bus:waitClock:)`` does (a missing scale refused before the bus is opened).
    public static func loadCell(_ description: LoadCellADCDescription) throws(DeviceError) -> NAU7802<I2CBus, MonotonicClock> {
        try requireScale(description)
        let bus = try I2CBus(devicePath: description.device)
        try bus.requireFunctionality([.readByteData, .writeByteData], for: "NAU7802")
        return try loadCell(description, bus: bus, waitClock: MonotonicClock())
    }

    private static func requireScale(_ description: LoadCellADCDescription) throws(DeviceError) {
        guard description.countsPerGram != nil else {
            throw DeviceError(
                operation: "start the NAU7802 at \(I2CBus.hex(description.address)) on \(description.device)", errno: 0,
                hint: "the load cell has no scale: set scale (counts per gram) in the board's [reference],"
                    + " measured with a known weight as docs/reference-sensors.md says")
        }
    }

    /// The gauge `description` names, its port opened and the gauge tared.
    public static func gauge(_ description: ForceGaugeDescription) throws(DeviceError) -> SerialForceGauge {
        var gauge = try SerialForceGauge(description: description)
        try gauge.tare(readings: tareReadings(rateHz: description.rateHz), clock: MonotonicClock())
        return gauge
    }
}
