import ForcePadCore

/// The `sim` board's reference force sensor (`[reference] model = "sim"`): at its own rate it
/// reports the true total force the simulated pad published (``SimulatedForceTruth``), stamped
/// with the time of the frame that force belongs to, plus uniform noise of its own, seeded.
public struct SimulatedReferenceSource: ReferenceForceSource {
    public let name = "sim reference"
    public let samplePeriodMicros: Int64
    private let truth: SimulatedForceTruth
    /// Gives the loop's origin, to turn the truth's loop time into the reader's clock.
    private let link: LoopLink
    private let noiseMilligrams: Int64
    private var random: SplitMix64
    /// Paces the readings (its own clock: `read` only borrows the reader's).
    private var pacer = MonotonicClock()
    /// When the next reading is due (µs, CLOCK_MONOTONIC); 0 before the first.
    private var nextMicros: Int64 = 0
    /// Loop time of the force last reported (µs); a reading always reports a newer one.
    private var lastReportedMicros: Int64 = .min

    /// Reads `truth` at `settings.rateHz` with ±`settings.noise`; `seed` seeds the noise.
    public init(truth: SimulatedForceTruth, link: LoopLink, settings: SimulatedReferenceSettings, seed: UInt64) {
        self.truth = truth
        self.link = link
        samplePeriodMicros = 1_000_000 / Int64(max(settings.rateHz, 1))
        noiseMilligrams = Int64(settings.noise.milligrams)
        random = SplitMix64(seed: seed ^ 0x0EF0_0000_0000_0001)
    }

    /// Waits for the next sample time, then reports the newest published force. Throws when
    /// the pad published nothing new for two sample periods (the loop is not running, or a
    /// trace of raw counts plays, which has no true force).
    public mutating func read(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> ReferenceSample {
        nextMicros = max(nextMicros + samplePeriodMicros, pacer.nowMicros())
        pacer.sleep(untilMicros: nextMicros)
        let giveUpMicros = nextMicros + 2 * samplePeriodMicros
        while true {
            let origin = link.originMicros.load(ordering: .acquiring)
            if origin >= 0, let latest = truth.latest(loopNowMicros: clock.nowMicros() - origin),
                latest.timeMicros > lastReportedMicros
            {
                lastReportedMicros = latest.timeMicros
                let noise = noiseMilligrams > 0 ? Int64(random.next() % UInt64(2 * noiseMilligrams + 1)) - noiseMilligrams : 0
                return ReferenceSample(
                    timeMicros: origin + latest.timeMicros,
                    force: Force(milligrams: Int32(clamping: Int64(latest.force.milligrams) + noise)))
            }
            let now = pacer.nowMicros()
            guard now < giveUpMicros else {
                throw DeviceError(
                    operation: "read \(name)", errno: 0,
                    hint: "the simulated pad gave no force for \(2 * samplePeriodMicros / 1_000) ms; the loop is stopped or plays a trace of raw counts, which has no true force")
            }
            pacer.sleep(untilMicros: min(now + 1_000, giveUpMicros))
        }
    }
}
