import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import Logging

/// `*RST`: the instrument reset that puts back the settings in force at start.
extension Controller {
    /// `*RST`: stops the test stand, if the board has one, and a recording or trial in
    /// progress (its files are kept, as by `record stop`), releases the simulated pad (ending a trace being played; returns once the force
    /// is back to zero and the filter has settled), and puts back every
    /// setting as it was at start: thresholds, preset, hysteresis, filter, haptic line and
    /// patterns, and the log level. Calibration, zeros, shortcuts and the session's mode and
    /// echo are kept. Returns the name of the recording it stopped, if any.
    public func reset() throws(CommandFailure) -> String? {
        runtime.stand?.stop(.requested)
        try lab.collectFinishedCapture()
        let stopped = lab.running == nil ? nil : try lab.stop(controller: self, reason: "reset").name
        if board.simulation != nil { try send(.simulate(.release)) }
        let changedPatterns = startSettings.haptics.patterns.filter { settings.haptics.patterns[$0.key] != $0.value }
        try apply(startSettings, written: [])
        for (name, pattern) in changedPatterns.sorted(by: { $0.key < $1.key }) {
            guard let id = patterns.id(named: name) else { continue }
            try send(.setPattern(id, CompiledHapticPattern(pattern)))
        }
        runtime.pump.driverStages?.use(startSettings.haptics.effects)
        logLevel.level = Logger.Level(rawValue: startSettings.logLevel) ?? .info
        if let simulation = board.simulation { pause(micros: simulation.riseMicros + settleMicros) }
        return stopped
    }
}
