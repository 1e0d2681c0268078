import Glibc

/// A haptic actuator's acceleration (milli-g) under a drive (``SimulatedDriveLevel``), stepped in integers
/// every ``stepMicros`` µs, allocation-free after `init`.
///
/// Model: a state S (micro-g of amplitude at rated drive) moves toward its target T with a
/// first-order lag, S += (T − S) × dt / τ. T is `ratedMilliG` × level / 1000, so a bigger
/// drive gives a bigger amplitude and an overdrive reaches the rated amplitude sooner. A
/// negative level (braking) pulls S toward −T and S stops at 0: braking ends the vibration
/// sooner than the coast (ERM) or the ring-down (LRA).
/// - LRA: S is the amplitude, τ = Q / (π f0) both rising and ringing down, the phase advancing
///   at f0.
/// - ERM: S is the motor's speed (as the amplitude it gives at that speed if it were rated);
///   τ is the spin-up time constant while driven or braked, the coast one when undriven. The
///   eccentric mass's force grows with the speed squared, so the amplitude is S² / rated, and
///   the phase advances at the rated frequency × S / rated: a motor spinning up is felt late.
/// The output is amplitude × sin(phase).
///
/// The overdrive's length is the drive's: a DRV2605L in closed loop ends it when the back-EMF
/// shows the target reached; here it lasts as long as the ``SimulatedDrive`` says.
public struct SimulatedActuator: Sendable {
    /// The integration step (µs).
    public static let stepMicros: Int64 = 25
    /// Entries in the sine table (a power of two).
    static let sineEntries = 1024

    public let kind: SimulatedActuatorKind
    /// The amplitude at rated drive (milli-g).
    public let ratedMilliG: Int32
    /// The time (µs) the model has been stepped to.
    public private(set) var nowMicros: Int64
    /// The state S (micro-g): the LRA's amplitude, the ERM's speed as the amplitude it gives.
    private var stateMicroG: Int64 = 0
    /// The phase, a full turn being 2³².
    private var phase: UInt32 = 0
    /// sin over a full turn, scaled by 2¹⁵.
    private let sine: [Int32]

    public init(kind: SimulatedActuatorKind, ratedMilliG: Int32, startMicros: Int64 = 0) {
        self.kind = kind
        self.ratedMilliG = ratedMilliG
        nowMicros = startMicros
        sine = (0..<Self.sineEntries).map { index in
            Int32((32_768 * sineOfTurn(Double(index) / Double(Self.sineEntries))).rounded())
        }
    }

    /// The amplitude now (micro-g): the envelope of the output.
    var amplitudeMicroG: Int64 {
        switch kind {
        case .lra: return stateMicroG
        case .erm:
            let rated = Int64(ratedMilliG) * 1000
            return rated == 0 ? 0 : stateMicroG * stateMicroG / rated
        }
    }

    /// Steps the model under `drive` until `micros`, and returns the acceleration then (milli-g).
    public mutating func acceleration(at micros: Int64, under drive: some SimulatedDriveLevel) -> Int32 {
        while nowMicros + Self.stepMicros <= micros {
            step(level: drive.levelPerMille(at: nowMicros))
        }
        let index = Int(phase >> UInt32(32 - Self.sineEntries.trailingZeroBitCount))
        return Int32(amplitudeMicroG * Int64(sine[index]) / 32_768 / 1000)
    }

    private mutating func step(level: Int32) {
        let rated = Int64(ratedMilliG) * 1000
        let target = rated * Int64(level) / 1000
        let timeConstant: Int64
        let hertz: Int64
        switch kind {
        case .erm(let spinUp, let coast, let ratedHz):
            timeConstant = level == 0 ? coast : spinUp
            hertz = rated == 0 ? 0 : Int64(ratedHz) * stateMicroG / rated
        case .lra(let resonance, let quality):
            // Q / (π f0) in µs: 10⁶ × Q × 1000 / (3142 × f0).
            timeConstant = 1_000_000_000 * Int64(quality) / (3_142 * Int64(resonance))
            hertz = Int64(resonance)
        }
        // An actuator at rest starts moving in phase with its drive.
        if stateMicroG == 0 && target > 0 { phase = 0 }
        stateMicroG += (target - stateMicroG) * Self.stepMicros / max(timeConstant, Self.stepMicros)
        if stateMicroG < 0 { stateMicroG = 0 }
        // 2³² × f × dt / 10⁶ per step.
        phase &+= UInt32(truncatingIfNeeded: (hertz << 32) * Self.stepMicros / 1_000_000)
        nowMicros += Self.stepMicros
    }
}

/// sin(2π × turns), for building the table once.
private func sineOfTurn(_ turns: Double) -> Double {
    Glibc.sin(2 * Double.pi * turns)
}
