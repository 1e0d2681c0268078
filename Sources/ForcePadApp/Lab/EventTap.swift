import ForcePadCore
import ForcePadHAL
import Synchronization

/// A copy of the loop's events for the lab: while a capture runs, the event printer hands
/// every event it takes off the ring to the tap (as the JSON line of the contract), and the
/// capture's thread collects them for its events file, and the accelerometer's samples for its
/// `accelerations.csv`. It also counts the presses of a trial.
final class EventTap: Sendable {
    private struct State {
        var collecting = false
        var lines: [(timeMicros: Int64, line: String)] = []
        /// The accelerometer's samples, oldest first.
        var accelerations: [AccelerationSample] = []
        /// Presses a trial still waits for (0: no trial), presses begun and ended since it started.
        var trialPresses = 0
        var begun = 0
        var ended = 0
        /// Time of the event that ended the trial's last press.
        var trialEndMicros: Int64?
        /// Whether the trial has said that a missed loop period cost it a press.
        var toldOfLostPress = false
    }

    private let state = PosixMutex(State())

    /// Starts collecting; a trial (`trialPresses` > 0) ends after that many presses end.
    func begin(trialPresses: Int) {
        state.withLock { $0 = State(collecting: true, trialPresses: trialPresses) }
    }

    /// Stops collecting and forgets what was not taken.
    func end() {
        state.withLock { $0 = State() }
    }

    /// The printer's call for each event; `line` makes its JSON line (nil for diagnostics)
    /// and is called only while collecting. Returns, once per trial, a notice for the prompt
    /// when the loop missed periods during one of the trial's presses: that press will be left
    /// out of the verdict (``PressScreening``).
    @discardableResult
    func take(_ event: LoopEvent, line: () -> String?) -> String? {
        state.withLock { state -> String? in
            guard state.collecting else { return nil }
            if let line = line() { state.lines.append((event.eventTimeMicros, line)) }
            guard state.trialPresses > 0, state.trialEndMicros == nil else { return nil }
            if case .overrun(_, let missed) = event, state.begun > state.ended, !state.toldOfLostPress {
                state.toldOfLostPress = true
                return "press \(state.begun) of the trial lost \(CountText.of(missed, "loop period")) (a busy machine): "
                    + "it is left out of the verdict and the trial goes on; trial report lists every press left out"
            }
            guard case .press(let press) = event else { return nil }
            switch press {
            case .began:
                state.begun += 1
            case .released(let time, _), .cancelled(let time, _):
                guard state.begun > state.ended else { return nil }
                state.ended += 1
                if state.ended == state.trialPresses { state.trialEndMicros = time }
            default:
                break
            }
            return nil
        }
    }

    /// Adds a line that did not come from the loop (a `shortcut.performed` event).
    func take(line: String, atMicros time: Int64) {
        state.withLock { state in
            if state.collecting { state.lines.append((time, line)) }
        }
    }

    /// Adds a reading of the reference sensor as a `reference.sample` line (`reference_g`), so
    /// a recording keeps the reference channel and a replay can give it back.
    func take(reference sample: ReferenceSample) {
        state.withLock { state in
            guard state.collecting else { return }
            state.lines.append((sample.timeMicros, EventFormatter.json(sample).rendered()))
        }
    }

    /// Adds a sample of the accelerometer, for the recording's `accelerations.csv`.
    func take(acceleration sample: AccelerationSample) {
        state.withLock { state in
            if state.collecting { state.accelerations.append(sample) }
        }
    }

    /// Removes and returns the accelerometer's samples up to `time` (µs), oldest first.
    func takeAccelerations(through time: Int64) -> [AccelerationSample] {
        state.withLock { state in
            let count = state.accelerations.firstIndex { $0.timeMicros > time } ?? state.accelerations.count
            defer { state.accelerations.removeFirst(count) }
            return Array(state.accelerations[..<count])
        }
    }

    /// Removes and returns the lines of events up to `time` (µs), in the order taken.
    func takeLines(through time: Int64) -> [(timeMicros: Int64, line: String)] {
        state.withLock { state in
            let taken = state.lines.filter { $0.timeMicros <= time }
            state.lines.removeAll { $0.timeMicros <= time }
            return taken
        }
    }

    /// Presses of the running trial that have ended, and when the last one ended (nil until then).
    var trialProgress: (ended: Int, endMicros: Int64?) {
        state.withLock { ($0.ended, $0.trialEndMicros) }
    }
}
