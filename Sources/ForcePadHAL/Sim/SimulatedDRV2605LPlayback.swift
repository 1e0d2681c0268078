import ForcePadCore

/// What the `sim` board's simulated DRV2605L would play on a trigger edge, from a copy of
/// its registers kept up to date as they are written (``SimulatedDRV2605L/playback``):
/// the sequencer's slots, the mode, the rated voltage and the overdrive clamp.
///
/// The simulation's rule for an effect (the ROM's waveforms are not public): it drives for
/// the length its title gives (`750 ms Alert`) or ``clickMicros``, at the level its title's
/// percentage gives, starting with ``overdriveMicros`` at the overdrive clamp's level when
/// the clamp's peak is above the rated drive's, and ending with ``brakeMicros`` of braking
/// when FEEDBACK's brake factor is not 0 (the chip's automatic overdrive and braking).
public final class SimulatedDRV2605LPlayback: Sendable {
    private let registers = PosixMutex<[UInt8]>([UInt8](repeating: 0, count: DRV2605LRegisters.count))
    /// A click's length (µs).
    public static let clickMicros: Int64 = 20_000
    /// The automatic overdrive's length (µs).
    public static let overdriveMicros: Int64 = 5_000
    /// The automatic braking's length (µs).
    public static let brakeMicros: Int64 = 5_000

    public init() {}

    /// The chip's register `register` now holds `value`.
    func written(_ register: UInt8, _ value: UInt8) {
        registers.withLock { $0[Int(register)] = value }
    }

    /// The drives a trigger edge at `micros` plays: the slots' effects in order, waits between
    /// them; none in standby or outside the external trigger modes.
    public func drives(startingAt micros: Int64) -> [SimulatedDrive] {
        let copy = registers.withLock { $0 }
        let mode = copy[Int(DRV2605LRegisters.mode)]
        guard mode & DRV2605LRegisters.standby == 0, mode & 0x07 == 1 || mode & 0x07 == 2 else { return [] }
        let overdrive = Self.overdrivePerMille(rated: copy[Int(DRV2605LRegisters.ratedVoltage)], clamp: copy[Int(DRV2605LRegisters.overdriveClamp)])
        let brakes = copy[Int(DRV2605LRegisters.feedback)] & 0x70 != 0
        var drives: [SimulatedDrive] = []
        var start = micros
        for slot in 0..<8 {
            let value = copy[Int(DRV2605LRegisters.firstSequencerSlot) + slot]
            if value == 0 { break }
            if value & 0x80 != 0 {
                start += Int64(value & 0x7F) * 10_000
                continue
            }
            let title = DRV2605LEffectNames.title(of: Int(value)) ?? ""
            let length = Self.lengthMicros(title: title)
            drives.append(
                SimulatedDrive(
                    startMicros: start, durationMicros: length, levelPerMille: Self.levelPerMille(title: title),
                    overdrivePerMille: overdrive, overdriveMicros: overdrive > 1000 ? min(Self.overdriveMicros, length) : 0,
                    brakeMicros: brakes ? Self.brakeMicros : 0))
            start += length + (brakes ? Self.brakeMicros : 0)
        }
        return drives
    }

    /// The overdrive clamp's peak over the rated drive's peak (per mille, at least 1000):
    /// OD_CLAMP codes are 21.32 mV peak, RATED_VOLTAGE codes 20.58 mV RMS, √2 × that at peak.
    static func overdrivePerMille(rated: UInt8, clamp: UInt8) -> Int32 {
        guard rated > 0 else { return 1000 }
        let ratio = Int64(clamp) * 2132 * 1_000_000 / (Int64(rated) * 2058 * 1414)
        return Int32(max(1000, min(ratio, 4000)))
    }

    /// The level a title's last percentage gives (per mille), 1000 without one.
    static func levelPerMille(title: String) -> Int32 {
        guard let percent = title.split(separator: " ").last(where: { $0.hasSuffix("%") }),
            let value = Int32(percent.dropLast())
        else { return 1000 }
        return value * 10
    }

    /// The length a title's leading `N ms` gives (µs), ``clickMicros`` without one.
    static func lengthMicros(title: String) -> Int64 {
        let words = title.split(separator: " ")
        guard words.count > 1, words[1] == "ms", let millis = Int64(words[0]) else { return clickMicros }
        return millis * 1000
    }
}
