import ForcePadCore
import ForcePadHAL

/// The `[accelerometer]` checks of `forcepad probe`: the chip answers with its ID and starts,
/// the rate its samples reach over ``probeMicros``, and the noise floor with the pad at rest
/// (the RMS of the samples about their mean, which a felt click's threshold is set against).
struct AccelerometerProbe {
    /// How long samples are taken (µs).
    static let probeMicros: Int64 = 1_000_000
    /// The share of the chip's rate the samples must reach (%).
    static let leastRatePercent = 90
    /// The largest noise floor at rest that passes (milli-g RMS): more means the pad vibrates,
    /// or the sensor is loose.
    static let noisiestMilliG: Int64 = 50

    let description: AccelerometerDescription

    func run() -> [ProbeCheck] {
        guard let device = description.spiDevice ?? description.busDevice else {
            return [.skipped("accelerometer sim", "simulated ADXL345: no device to check")]
        }
        let subject = "accelerometer \(description.model.name) \(DeviceProbe.hex(description.address))"
        let samples: [AccelerationSample]
        do throws(AccelerometerError) {
            samples = try Self.samples(AccelerometerStart.chip(description), description)
        } catch {
            return [.fail(subject, error.description)]
        }
        let answered = ProbeCheck.pass(
            subject, "answered on \(device) with its ID, started at \(description.rateHz) Hz, ±\(description.range.limitMilliG / 1000) g, \(description.axis.rawValue)")
        let reached = samples.count * 1_000_000 / Int(Self.probeMicros)
        let rateText = "\(samples.count) samples in 1 s: \(reached) Hz of \(description.rateHz) Hz"
        let rate = reached * 100 >= description.rateHz * Self.leastRatePercent
            ? ProbeCheck.pass("accelerometer rate", rateText)
            : ProbeCheck.fail(
                "accelerometer rate",
                rateText + "; raise the bus speed (dtparam=i2c_arm_baudrate=400000 in config.txt) or move the accelerometer to a bus of its own")
        let values = samples.map { Int64($0.milliG) }
        guard !values.isEmpty else { return [answered, rate, .fail("accelerometer noise", "no samples: check the wiring")] }
        let mean = values.reduce(0, +) / Int64(values.count)
        let noise = FeltClickAnalyzer.squareRoot(values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Int64(values.count))
        let noiseText = "\(noise) mg RMS at rest about \(mean) mg over \(values.count) samples (a click is felt above max(5 × that, 20 mg))"
        let floor = noise <= Self.noisiestMilliG
            ? ProbeCheck.pass("accelerometer noise", noiseText)
            : ProbeCheck.fail("accelerometer noise", noiseText + ": keep the pad still while probing, and fix the sensor firmly to it")
        return [answered, rate, floor]
    }

    /// The samples `chip` gives over ``probeMicros``, on SPI or on I2C as the board says.
    private static func samples<Chip: AccelerometerChip>(
        _ chip: Chip, _ description: AccelerometerDescription
    ) throws(AccelerometerError) -> [AccelerationSample] {
        if let spiDevice = description.spiDevice {
            var source = try AccelerometerStart.source(chip, description, spiDevice: spiDevice)
            return try collect(&source)
        }
        var source = try AccelerometerStart.source(chip, description)
        return try collect(&source)
    }

    private static func collect(_ source: inout some AccelerometerSource & ~Copyable) throws(AccelerometerError) -> [AccelerationSample] {
        let clock = MonotonicClock()
        let started = clock.nowMicros()
        var samples: [AccelerationSample] = []
        var batch = [AccelerationSample](repeating: AccelerationSample(timeMicros: 0, milliG: 0), count: 32)
        while clock.nowMicros() - started < probeMicros {
            var span = batch.mutableSpan
            let count = try source.read(into: &span)
            _ = consume span
            samples += batch[0..<count]
        }
        return samples
    }
}
