import ForcePadCore
import ForcePadHAL

/// The `[reference]` checks of `forcepad probe`: the sensor answers (a NAU7802's revision,
/// power-up and calibration; a gauge's answer to its request), the rate it reaches over
/// ``probeMicros``, whether its reading is plausible with nothing on the pad (it reads at all,
/// a load cell is not saturated and has a scale, and the readings stay within
/// ``steadyMilligrams`` of each other), and a gauge's answer delay.
struct ReferenceProbe {
    /// How long readings are taken for the rate and steadiness checks (µs).
    static let probeMicros: Int64 = 1_000_000
    /// The largest spread of readings over ``probeMicros`` that counts as steady with nothing
    /// on the pad (mg).
    static let steadyMilligrams: Int64 = 5_000
    /// The share of the set rate the readings must reach (%).
    static let leastRatePercent: Int64 = 90

    let reference: ReferenceDescription

    func run() -> [ProbeCheck] {
        switch reference {
        case .simulated: [.skipped("reference sim", "simulated reference sensor: no device to check")]
        case .loadCell(let description): loadCellChecks(description)
        case .gauge(let description): gaugeChecks(description)
        }
    }

    private func loadCellChecks(_ description: LoadCellADCDescription) -> [ProbeCheck] {
        let subject = "reference NAU7802 \(DeviceProbe.hex(description.address))"
        let clock = MonotonicClock()
        var counts: [Int32] = []
        var times: [Int64] = []
        let elapsed: Int64
        let revision: UInt8
        do {
            let bus = try I2CBus(devicePath: description.device)
            var adc = try NAU7802(bus: bus, device: description.device, description: description, waitClock: clock)
            revision = try adc.start(clock: clock)
            let started = clock.nowMicros()
            while clock.nowMicros() - started < Self.probeMicros {
                counts.append(try adc.readConversion(clock: clock).counts)
                times.append(clock.nowMicros() - started)
            }
            elapsed = clock.nowMicros() - started
        } catch {
            return [.fail(subject, error.description)]
        }
        let answered = ProbeCheck.pass(
            subject,
            "answered on \(description.device): revision \(DeviceProbe.hex(revision)), powered up and calibrated; gain \(description.gain)"
                + " at \(description.rateSPS) SPS")
        let rate = rateCheck(
            readingMicros: times, elapsedMicros: elapsed, setRate: description.rateSPS, periodMicros: 1_000_000 / Int64(description.rateSPS),
            unit: "SPS")
        let lowest = counts.min() ?? 0
        let highest = counts.max() ?? 0
        let fullScale: Int32 = (1 << 23) - 1
        guard lowest > -fullScale - 1, highest < fullScale else {
            return [answered, rate, .fail(
                "reference reading",
                "saturated at \(lowest < -fullScale ? lowest : highest) counts: check the load cell's A+ and A− wires, or lower gain in [reference]")]
        }
        let spreadCounts = Int64(highest) - Int64(lowest)
        let mean = counts.isEmpty ? 0 : counts.reduce(Int64(0)) { $0 + Int64($1) } / Int64(counts.count)
        let countsText = "mean \(mean) counts, spread \(spreadCounts) counts"
        guard let scale = description.countsPerGram else {
            return [answered, rate, .fail(
                "reference reading",
                "\(countsText) over \(counts.count) readings, but no scale: set scale in [reference]"
                    + " (counts per gram, docs/reference-sensors.md)")]
        }
        let spread = Int64((Double(spreadCounts) * 1000 / abs(scale)).rounded())
        return [answered, rate, steadiness(spreadMilligrams: spread, readings: counts.count, counts: countsText + ", ")]
    }

    private func gaugeChecks(_ description: ForceGaugeDescription) -> [ProbeCheck] {
        let subject = "reference \(description.model.rawValue)"
        var clock = MonotonicClock()
        var forces: [Int32] = []
        var times: [Int64] = []
        let elapsed: Int64
        let period: Int64
        let delay: GaugeAnswerDelay
        let first: Force
        do {
            var gauge = try SerialForceGauge(description: description)
            first = try gauge.read(clock: clock).force
            let started = clock.nowMicros()
            var next = started
            while clock.nowMicros() - started < Self.probeMicros {
                forces.append(try gauge.read(clock: clock).force.milligrams)
                times.append(clock.nowMicros() - started)
                next += gauge.samplePeriodMicros
                clock.sleep(untilMicros: next)
            }
            elapsed = clock.nowMicros() - started
            period = gauge.samplePeriodMicros
            delay = gauge.answerDelay
        } catch {
            return [.fail(subject, error.description)]
        }
        let spread = Int64(forces.max() ?? 0) - Int64(forces.min() ?? 0)
        return [
            .pass(subject, "answered on \(description.device) at \(description.baud) baud: \(first)"),
            rateCheck(readingMicros: times, elapsedMicros: elapsed, setRate: description.rateHz, periodMicros: period, unit: "Hz"),
            steadiness(spreadMilligrams: spread, readings: forces.count),
            .pass(
                "reference answer delay",
                "min \(Self.millis(delay.minMicros)) ms, mean \(Self.millis(delay.meanMicros)) ms,"
                    + " max \(Self.millis(delay.maxMicros)) ms over \(delay.count) answers"),
        ]
    }

    /// The rate the readings at `readingMicros` (µs from the start) reached, and their gaps
    /// (more than two periods `periodMicros` between two readings, or before the first).
    private func rateCheck(readingMicros: [Int64], elapsedMicros: Int64, setRate: Int, periodMicros: Int64, unit: String) -> ProbeCheck {
        let count = readingMicros.count
        let tenths = elapsedMicros > 0 ? Int64(count) * 10_000_000 / elapsedMicros : 0
        let gaps = TrialDisturbance.referenceGaps(
            timesMicros: readingMicros, periodMicros: periodMicros, startMicros: 0, endMicros: readingMicros.last ?? 0)
        let longest = zip([0] + readingMicros, readingMicros).map { $1 - $0 }.max() ?? 0
        let detail = "\(count) readings in \(Self.millis(elapsedMicros)) ms, \(CountText.of(gaps.count, "gap")) over two periods "
            + "(longest \(Self.millis(longest)) ms): \(FixedDecimal.format(tenths, scale: 1)) \(unit) of \(setRate) set"
        guard tenths * 100 >= Int64(setRate) * 10 * Self.leastRatePercent else {
            return .fail(
                "reference rate",
                detail + ": below \(Self.leastRatePercent)%; lower the rate in [reference] or free the bus or port")
        }
        return .pass("reference rate", detail)
    }

    /// `counts` starts the detail of a load cell (its mean and spread in counts).
    private func steadiness(spreadMilligrams: Int64, readings: Int, counts: String = "") -> ProbeCheck {
        let detail = counts + "spread \(FixedDecimal.format(spreadMilligrams, scale: 3))g over \(readings) readings"
        guard spreadMilligrams <= Self.steadyMilligrams else {
            return .fail(
                "reference reading",
                detail + ", more than \(FixedDecimal.format(Self.steadyMilligrams, scale: 3))g with nothing on the pad:"
                    + " take everything off the pad and check the sensor's mounting and cable")
        }
        return .pass("reference reading", detail + " with nothing on the pad: steady")
    }

    /// µs as ms with up to three decimals.
    private static func millis(_ micros: Int64) -> String {
        FixedDecimal.format(micros, scale: 3)
    }
}
