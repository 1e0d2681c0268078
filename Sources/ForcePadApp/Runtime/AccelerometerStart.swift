import ForcePadCore
import ForcePadHAL

/// Opens the board's accelerometer (`[accelerometer]`) for a run: the chip on its I2C
/// adapter, its ID checked and started, or on the `sim` board the simulated ADXL345 on a
/// simulated actuator that the haptic line (or the simulated DRV2605L) drives.
enum AccelerometerStart {
    /// The simulated actuator's amplitude at rated drive (milli-g): a phone-sized LRA's.
    static let simulatedRatedMilliG: Int32 = 1_200

    /// The reader of the board's accelerometer, nil without one. On the `sim` board the
    /// line's edges come through `actuator`, and `playback` is the simulated DRV2605L's
    /// registers when a driver plays them. A chip that does not answer as it should fails the
    /// start in one line naming the bus, the address and the fix.
    static func reader(
        board: BoardDescription, actuator: SimulatedActuatorInput?, playback: SimulatedDRV2605LPlayback?, link: LoopLink
    ) throws(SetupError) -> AccelerometerReader? {
        guard let description = board.accelerometer else { return nil }
        if let actuator {
            guard
                let source = SimulatedAccelerometerSource(
                    input: actuator, actuator: simulatedActuator(board.hapticDriver), ratedMilliG: simulatedRatedMilliG,
                    range: description.range, playback: playback, seed: board.simulation?.seed ?? 1)
            else { throw SetupError("the simulated actuator's edges already have a consumer") }
            return AccelerometerReader(source: source, link: link)
        }
        do throws(AccelerometerError) {
            return try reader(chip(description), description, link: link)
        } catch {
            throw SetupError("accelerometer: \(error.description); forcepad probe checks it", exitCode: 1)
        }
    }

    /// The board's chip at register level.
    static func chip(_ description: AccelerometerDescription) -> any AccelerometerChip {
        let device = description.spiDevice ?? description.busDevice ?? ""
        switch description.model {
        case .adxl345: return ADXL345(busName: device, address: description.address, range: description.range)
        case .lis3dh: return LIS3DH(busName: device, address: description.address, range: description.range)
        }
    }

    /// `chip` on the board's I2C bus, its ID checked and started.
    static func source<Chip: AccelerometerChip>(
        _ chip: Chip, _ description: AccelerometerDescription
    ) throws(AccelerometerError) -> ChipAccelerometerSource<Chip, I2CBus> {
        try ChipAccelerometerSource(
            chip: chip, busDevice: description.busDevice ?? "", address: description.address, rateHz: description.rateHz,
            axis: description.axis)
    }

    /// `chip` on the board's SPI device (`spi_device`), its ID checked and started.
    static func source<Chip: AccelerometerChip>(
        _ chip: Chip, _ description: AccelerometerDescription, spiDevice: String
    ) throws(AccelerometerError) -> ChipAccelerometerSource<Chip, SPIRegisterBus> {
        let bus: SPIRegisterBus
        do { bus = try SPIRegisterBus(devicePath: spiDevice) } catch {
            throw .bus(chip: chip.chipName, bus: spiDevice, address: description.address, error)
        }
        return try ChipAccelerometerSource(
            chip: chip, bus: bus, busName: spiDevice, address: description.address, rateHz: description.rateHz, axis: description.axis)
    }

    private static func reader<Chip: AccelerometerChip>(
        _ chip: Chip, _ description: AccelerometerDescription, link: LoopLink
    ) throws(AccelerometerError) -> AccelerometerReader {
        if let spiDevice = description.spiDevice {
            return AccelerometerReader(source: try source(chip, description, spiDevice: spiDevice), link: link)
        }
        return AccelerometerReader(source: try source(chip, description), link: link)
    }

    /// The `sim` board's actuator: the one its DRV2605L drives (an ERM, or an LRA at its
    /// resonance), else a 175 Hz LRA. An LRA's Q of 10 gives τ = Q / (π f0) ≈ 18 ms at 175 Hz;
    /// an ERM spins up with τ = 50 ms and coasts down with 100 ms, 200 Hz at rated speed.
    static func simulatedActuator(_ driver: HapticDriverDescription?) -> SimulatedActuatorKind {
        switch driver?.actuator {
        case .erm: .erm(spinUpMicros: 50_000, coastMicros: 100_000, ratedHz: 200)
        case .lra, nil: .lra(resonanceHz: Int32(driver?.resonanceHertz ?? 175), quality: 10)
        }
    }
}
