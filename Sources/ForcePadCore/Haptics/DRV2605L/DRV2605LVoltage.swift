import RealModule

/// Converts an actuator's voltages (from its datasheet) into the DRV2605L's RATED_VOLTAGE and
/// OD_CLAMP codes, with the DRV2605L datasheet's closed-loop equations ("Rated Voltage
/// Programming", "Overdrive Voltage-Clamp Programming"):
/// - ERM: rated average voltage = code × 21.96 mV; clamp = code × 21.96 mV.
/// - LRA: rated RMS voltage = code × 20.58 mV / √(1 − (4 × t_sample + 300 µs) × f), with the
///   default sample time t_sample = 300 µs and f the resonance; clamp (peak) = code × 21.32 mV.
///
/// For example an LRA rated 2.0 V RMS at 175 Hz gives RATED_VOLTAGE 83 (0x53).
public enum DRV2605LVoltage {
    /// Hundredths of a millivolt per code of RATED_VOLTAGE and OD_CLAMP for an ERM (21.96 mV).
    static let ermCentimillivoltsPerCode = 2196.0
    /// Hundredths of a millivolt per code of RATED_VOLTAGE for an LRA (20.58 mV RMS).
    static let lraRatedCentimillivoltsPerCode = 2058.0
    /// Hundredths of a millivolt per code of OD_CLAMP for an LRA (21.32 mV peak).
    static let lraClampCentimillivoltsPerCode = 2132.0
    /// 4 × t_sample + 300 µs with the default SAMPLE_TIME of 300 µs, in seconds.
    static let lraRatedTimeSeconds = 0.0015

    /// The RATED_VOLTAGE code for `millivolts` (ERM: average; LRA: RMS at `resonanceHertz`),
    /// rounded; callers check it fits 1…255. Nil for an LRA whose resonance is so high the
    /// equation has no value (above 666 Hz).
    public static func ratedVoltageCode(millivolts: Int, actuator: DRV2605LActuator, resonanceHertz: Int?) -> Int? {
        switch actuator {
        case .erm:
            return Int((Double(millivolts) * 100 / ermCentimillivoltsPerCode).rounded())
        case .lra:
            let remainder = 1 - lraRatedTimeSeconds * Double(resonanceHertz ?? 0)
            guard remainder > 0 else { return nil }
            return Int((Double(millivolts) * 100 * Double.sqrt(remainder) / lraRatedCentimillivoltsPerCode).rounded())
        }
    }

    /// The OD_CLAMP code for a peak of `millivolts`, rounded; callers check it fits 1…255.
    public static func overdriveClampCode(millivolts: Int, actuator: DRV2605LActuator) -> Int {
        let perCode = actuator == .erm ? ermCentimillivoltsPerCode : lraClampCentimillivoltsPerCode
        return Int((Double(millivolts) * 100 / perCode).rounded())
    }
}
