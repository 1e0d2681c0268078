import ForcePadCore
import ForcePadHAL

/// `forcepad-bench run-loop [ASKED_EVERY] PERIODS`: the whole loop period's side of the
/// instruction count. The real ``ControlLoop`` on the sim board (simulated pad and line,
/// default settings, 1 kHz), ticked PERIODS times on a ``ManualClock`` on this thread, the
/// simulated finger pressing through the command ring as in ``SimLoopRun`` (peek, pop,
/// release every 500 ms) and the events drained after each period, as the event pump would;
/// with ASKED_EVERY > 0 the snapshot is asked for (``LoopRequests/snapshot``) before every
/// ASKED_EVERY-th period, as a reader would (0, the default: nobody reads it). Prints the
/// number of events drained; the benchmark runs it under callgrind.
enum LoopPeriodRun {
    static let command = "run-loop"

    /// Runs the command; the process's exit status.
    static func main(_ arguments: [String]) -> Int32 {
        guard (1...2).contains(arguments.count), let periods = Int(arguments.last!), periods >= 0,
            let askedEvery = arguments.count == 2 ? Int(arguments[0]) : 0, askedEvery >= 0
        else {
            progress("usage: forcepad-bench \(command) [ASKED_EVERY] PERIODS")
            return 1
        }
        let board = SimBoard.board()
        let settings = ControllerSettings.standard
        let recognizer = PressRecognizerSettings(settings)
        let haptics = HapticSchedulerSettings(settings.haptics)
        let link = LoopLink(initial: LoopSnapshot(cellCount: board.geometry.cellCount, recognizer: recognizer, haptics: haptics))
        let loop = ControlLoop(
            source: SimulatedPad(board: board, simulation: board.simulation!), line: SimulatedHapticLine(),
            pipeline: ForcePipeline(
                calibrations: Array(repeating: board.calibration, count: board.geometry.cellCount),
                geometry: board.geometry, settings: SimBoard.pipelineSettings()),
            recognizer: recognizer, haptics: haptics, patterns: try! HapticPatternCatalog(patterns: settings.haptics.patterns).bank,
            periodMicros: Int64(1_000_000 / board.sampleRateHz), link: link)
        var events = link.events.takeConsumer()!
        let clock = ManualClock()
        let periodMicros = loop.periodMicros
        var drained = 0
        var sequence: UInt64 = 0
        // The driver's own work kept near the chain driver's (``ChainRun``: about 12
        // instructions a frame), so that the count holds the loop's: one comparison a period
        // with the loop time of the next thing to do (a press step, a snapshot to ask for),
        // each one's next time worked out when it is done, not a search or a product every
        // period; the loop time (which also counts the periods) added to.
        let steps = SimLoopRun.pressSteps
        var step = 0
        var stepDueMicros = Int64(steps[0].atMillis) * 1000
        let askEveryMicros = Int64(askedEvery) * periodMicros
        var askDueMicros = askedEvery > 0 ? 0 : Int64.max
        var dueMicros = min(stepDueMicros, askDueMicros)
        var timeMicros: Int64 = 0
        let endMicros = Int64(periods) * periodMicros
        while timeMicros < endMicros {
            if timeMicros >= dueMicros {
                if timeMicros >= stepDueMicros {
                    sequence += 1
                    _ = link.commands.push(LoopCommandEnvelope(sequence: sequence, command: .simulate(steps[step % steps.count].command)))
                    step += 1
                    let dueMillis = step / steps.count * SimLoopRun.pressCycleMillis + steps[step % steps.count].atMillis
                    stepDueMicros = Int64(dueMillis) * 1000
                }
                if timeMicros >= askDueMicros {
                    link.ask(.snapshot)
                    askDueMicros += askEveryMicros
                }
                dueMicros = min(stepDueMicros, askDueMicros)
            }
            loop.tick(atMicros: timeMicros, clock: clock, originMicros: 0)
            while events.pop() != nil { drained += 1 }
            timeMicros &+= periodMicros
        }
        print(drained)
        return 0
    }
}
