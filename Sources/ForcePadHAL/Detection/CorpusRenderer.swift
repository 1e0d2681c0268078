import ForcePadCore

/// Reads corpus presses through the `sim` board's physical FSR model (``SimulatedFSRParameters``:
/// cell spread, creep, hysteresis) with the press's front-end noise, into frames at the board's
/// sample rate, with the true force every ``truthPeriodMicros``. The pad is calibrated per
/// cell, as `calibrate` leaves it: ``calibrations`` are each cell's own loading curve, so what
/// remains between the pad and the truth is noise, creep and hysteresis.
public struct CorpusRenderer: Sendable {
    public let geometry: PadGeometry
    public let sampleRateHz: Int
    /// Each cell's own calibration (its loading curve).
    public let calibrations: [CalibrationTable]
    private let board: BoardDescription
    private let fsrSeed: UInt64
    private let parameters: SimulatedFSRParameters

    /// How often the true force is sampled (µs).
    public static let truthPeriodMicros: Int64 = 100

    public init(board: BoardDescription, fsrSeed: UInt64 = 1, parameters: SimulatedFSRParameters = .standard) {
        self.board = board
        self.fsrSeed = fsrSeed
        self.parameters = parameters
        geometry = board.geometry
        sampleRateHz = board.sampleRateHz
        calibrations = Self.fsr(board: board, seed: fsrSeed, parameters: parameters).cellCurves
    }

    /// The frames and truth of `press`.
    public func render(_ press: CorpusPress) -> CorpusRecording {
        var fsr = Self.fsr(board: board, seed: fsrSeed, parameters: parameters)
        var random = SplitMix64(seed: press.seed)
        let cellCount = geometry.cellCount
        let period = Int64(1_000_000 / sampleRateHz)
        let phases = (0..<cellCount).map { _ in FrontEndNoise.uniform(&random) }
        var frames: [RawFrame] = []
        frames.reserveCapacity(Int(press.durationMicros / period) + 1)
        var frame = RawFrame(cellCount: cellCount)
        var time: Int64 = 0
        while time <= press.durationMicros {
            let fingers = press.fingers.map { (force: $0.force(atMicros: time), position: $0.position(atMicros: time)) }
            for cell in 0..<cellCount {
                var force: Int64 = 0
                for finger in fingers {
                    let weight = SimulatedPad.weightQ16(cell: cell, geometry: geometry, position: finger.position)
                    force += (finger.force * Int64(weight)) >> 16
                }
                let noise = press.noise.sample(atMicros: time, phase: phases[cell], random: &random)
                frame.counts[cell] = fsr.counts(cell: cell, force: force, noise: noise, at: time)
            }
            frame.timeMicros = time
            frame.sequence = UInt64(frames.count)
            frames.append(frame)
            time += period
        }
        let truth = stride(from: Int64(0), through: press.durationMicros, by: Int(Self.truthPeriodMicros)).map {
            ReferenceSample(timeMicros: $0, force: Force(milligrams: Int32(clamping: press.trueForce(atMicros: $0))))
        }
        return CorpusRecording(frames: frames, truth: truth, allowsStages: press.allowsStages)
    }

    private static func fsr(board: BoardDescription, seed: UInt64, parameters: SimulatedFSRParameters) -> SimulatedFSR {
        SimulatedFSR(
            cellCount: board.geometry.cellCount, calibration: board.calibration, fullScaleCounts: ADCModel.sim.fullScaleCounts,
            seed: seed, parameters: parameters)
    }
}
