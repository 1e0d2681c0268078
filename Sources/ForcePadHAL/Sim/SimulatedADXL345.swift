import ForcePadCore

/// An ADXL345 fixed to the pad, sampling a ``SimulatedActuator`` along its z axis at 3200 Hz:
/// the actuator's acceleration plus gravity (1000 mg) plus seeded noise, quantised as the chip
/// does — 256 LSB/g in full resolution (more bits as the range grows), or 10 bits over the
/// range — and clipped at the largest code. Integer arithmetic, allocation-free.
///
/// Noise: the sum of four uniform draws, close to Gaussian, with RMS `noiseRMSMilliG`.
public struct SimulatedADXL345: Sendable {
    /// 3200 Hz: a sample every 312.5 µs.
    public static let samplesPerSecond: Int64 = 3200
    public let range: AccelerometerRange
    public let fullResolution: Bool
    public let noiseRMSMilliG: Int32
    private var random: SplitMix64

    public init(seed: UInt64, range: AccelerometerRange = .twoG, fullResolution: Bool = true, noiseRMSMilliG: Int32 = 4) {
        self.range = range
        self.fullResolution = fullResolution
        self.noiseRMSMilliG = noiseRMSMilliG
        random = SplitMix64(seed: seed)
    }

    /// LSB per g: 256 in full resolution; 10 bits over ±range in 10-bit mode.
    public var countsPerG: Int64 { fullResolution ? 256 : 256 >> Int64(range.code) }
    /// The largest code: 10 bits, plus one for each doubling of the range in full resolution.
    public var largestCode: Int64 { fullResolution ? (512 << Int64(range.code)) - 1 : 511 }

    /// Fills `output` with the samples from `startMicros` on, 3200 a second, stepping
    /// `actuator` under `drive`.
    public mutating func sample(
        _ actuator: inout SimulatedActuator, under drive: some SimulatedDriveLevel, from startMicros: Int64,
        into output: inout MutableSpan<AccelerationSample>
    ) {
        for index in output.indices {
            output[index] = sample(&actuator, under: drive, at: startMicros + Int64(index) * 1_000_000 / Self.samplesPerSecond)
        }
    }

    /// One sample at `micros`, stepping `actuator` under `drive` to then.
    public mutating func sample(
        _ actuator: inout SimulatedActuator, under drive: some SimulatedDriveLevel, at micros: Int64
    ) -> AccelerationSample {
        let truth = 1000 + Int64(actuator.acceleration(at: micros, under: drive)) + noiseMilliG()
        return AccelerationSample(timeMicros: micros, milliG: quantised(truth))
    }

    /// `milliG` as the chip reports it: rounded to a code, clipped, back in milli-g.
    public func quantised(_ milliG: Int64) -> Int32 {
        let scaled = milliG * countsPerG
        let code = (scaled + (scaled >= 0 ? 500 : -500)) / 1000
        let clipped = min(max(code, -largestCode - 1), largestCode)
        return Int32(clipped * 1000 / countsPerG)
    }

    private mutating func noiseMilliG() -> Int64 {
        // Uniform on ±a has RMS a/√3; four summed, 2a/√3: a = RMS × √3 / 2 ≈ RMS × 866 / 1000.
        let half = Int64(noiseRMSMilliG) * 866 / 1000
        guard half > 0 else { return 0 }
        var sum: Int64 = 0
        for _ in 0..<4 { sum += Int64(random.next() % UInt64(2 * half + 1)) - half }
        return sum
    }
}
