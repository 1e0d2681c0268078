import ForcePadCore
import ForcePadHAL

/// Follows the loop's events and the accelerometer's samples to measure each stage's click
/// (``HapticFelt``): a stage's `haptic.on` on a driven line opens a window from the stage's
/// frame to ``windowMicros`` after it, cut short at the next stage's frame (whose rest is
/// then taken before the first click, still ringing); its `haptic.off` events give the
/// drive's end (the frame the line went off in). Once the samples reach the end of the
/// window, ``FeltClickAnalyzer`` measures it. Only frame times and samples decide a
/// measurement, so a replay of a recording's frames and samples measures the same clicks.
/// The event pump keeps one, and so does a replay.
struct FeltClickFollower {
    /// How long after the stage's frame a click is measured (µs): an LRA's ring-down and an
    /// ERM's coast fit in it.
    static let windowMicros: Int64 = 150_000
    /// How far a sample's stamp may be from when it was taken (µs).
    let stampUncertaintyMicros: Int64
    private let analyzer = FeltClickAnalyzer()
    private var history = AccelerationHistory()
    private var waiting: [WaitingStage] = []
    /// Every click measured so far.
    private(set) var tally = FeltTally()

    /// A stage whose click waits for the samples after it.
    private struct WaitingStage {
        let stage: String
        let stageMicros: Int64
        let lineMicros: Int64
        let crossingMicros: Int64?
        /// Where the rest before it ends: its frame, or the frame of a click before it that still rang.
        let restBeforeMicros: Int64
        var driveEndMicros: Int64?
        var endMicros: Int64
    }

    init(stampUncertaintyMicros: Int64) {
        self.stampUncertaintyMicros = stampUncertaintyMicros
    }

    /// Whether a stage's click still waits for the samples after it.
    var isWaiting: Bool { !waiting.isEmpty }

    /// Keeps a sample (newer than every one before).
    mutating func append(_ sample: AccelerationSample) { history.append(sample) }

    /// Follows `event`; `crossing` is a stage's crossing→line latency when one was measured.
    mutating func follow(_ event: LoopEvent, patternName: (HapticPatternID) -> String, crossing: CrossingToLine?) {
        guard case .haptic(let haptic, .driven(let lineMicros, let stageMicros)) = event else { return }
        if haptic.isOn, let stageMicros {
            var restBefore = stageMicros
            if let last = waiting.indices.last, waiting[last].endMicros > stageMicros {
                waiting[last].endMicros = stageMicros
                restBefore = waiting[last].restBeforeMicros
            }
            waiting.append(
                WaitingStage(
                    stage: patternName(haptic.pattern), stageMicros: stageMicros, lineMicros: lineMicros,
                    crossingMicros: crossing.map { lineMicros - $0.micros }, restBeforeMicros: restBefore,
                    endMicros: stageMicros + Self.windowMicros))
        } else if !haptic.isOn, let last = waiting.indices.last, haptic.timeMicros >= waiting[last].stageMicros {
            waiting[last].driveEndMicros = haptic.timeMicros
        }
    }

    /// The clicks whose windows the samples have covered (all of them when `settlingAll`),
    /// measured, oldest first.
    mutating func measured(settlingAll: Bool) -> [HapticFelt] {
        var felt: [HapticFelt] = []
        let newest = history.latest?.timeMicros ?? .min
        while let first = waiting.first, settlingAll || newest >= first.endMicros {
            waiting.removeFirst()
            let samples = history.samples(fromMicros: first.restBeforeMicros - analyzer.restWindowMicros, toMicros: first.endMicros)
            let result: Result<FeltClickMeasurement, FeltClickAnalysisError>
            do {
                result = .success(
                    try analyzer.measure(
                        samples.span, stageMicros: first.stageMicros, driveEndMicros: first.driveEndMicros ?? first.stageMicros,
                        restBeforeMicros: first.restBeforeMicros))
            } catch {
                result = .failure(error)
            }
            let click = HapticFelt(
                    stage: first.stage, stageMicros: first.stageMicros, lineMicros: first.lineMicros, crossingMicros: first.crossingMicros,
                    stampUncertaintyMicros: stampUncertaintyMicros, result: result)
            tally.record(click)
            felt.append(click)
        }
        return felt
    }
}
