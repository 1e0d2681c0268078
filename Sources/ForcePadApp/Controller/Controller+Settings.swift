import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import Glibc
import Logging

/// The settings façade: applying and saving settings, the calibration in use, haptic patterns
/// and the trace the simulated pad plays.
extension Controller {
    /// Makes `changed` the settings in force: checks it against ``SettingsRules`` on this
    /// board (an ordering problem is blamed on a key in `written`, the keys the command set)
    /// and sends the loop's part of it as one command. Nothing changes when it is refused.
    public func apply(_ changed: ControllerSettings, written: Set<String>) throws(CommandFailure) {
        if let problem = SettingsRules.problems(changed, sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver, written: written).first {
            throw CommandFailure(problem.description)
        }
        try runtime.send(.apply(LoopSettings(changed, sampleRateHz: board.sampleRateHz)))
        if changed != settings { lab.noteSettingsChange() }
        settings = changed
    }

    /// Writes the settings in force into the user's config file (``ConfigSave``); from then
    /// on they are the saved settings.
    public func saveSettings() throws(CommandFailure) -> ConfigSave.Outcome {
        do {
            let outcome = try ConfigSave.save(settings, files: configFiles, sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver)
            savedSettings = settings
            return outcome
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The config files as they are now, checked for this board.
    public func loadConfigFiles() throws(CommandFailure) -> ConfigSnapshot {
        do {
            return try configFiles.load(sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver)
        } catch {
            throw CommandFailure(error.description + " (the running settings are unchanged)")
        }
    }

    /// The settings changed since they were last loaded or saved, as ``ConfigValueList``
    /// keys; empty when nothing would be lost.
    public var unsavedKeys: [String] {
        ConfigDifference.changedKeys(saved: savedSettings, running: settings)
    }

    func publishUnsavedKeys() {
        let keys = unsavedKeys
        unsavedKeysForSignals.withLock { $0 = keys }
    }

    /// This board's calibration file in the state directory (``CalibrationFile``).
    public var calibrationFile: String { stateDirectory + "/" + CalibrationFile.fileName(board: boardStateKey) }

    /// This board's DRV2605L calibration file in the state directory (``HapticDriverCalibrationFile``).
    public var hapticDriverCalibrationFile: String { stateDirectory + "/" + HapticDriverCalibrationFile.fileName(board: boardStateKey) }

    /// Makes `calibration` the one in use: the loop reads every cell through it from the next
    /// frame on, sent as one command like the other settings. Refused while a recording or
    /// trial runs (it keeps the calibration it started with).
    public func use(_ calibration: CalibrationSet) throws(CommandFailure) {
        if let running = lab.running {
            throw CommandFailure("\(running.name) is being recorded with the calibration it started with; use the calibration after record stop (or trial stop)")
        }
        let bank = CalibrationBank(calibration.tables)
        loopCalibrations.append(bank)
        try runtime.send(.useCalibration(Unmanaged.passUnretained(bank)))
        loopCalibrations = [bank]
        self.calibration = calibration
    }

    /// Makes `text` the value of the existing pattern `name`, read and checked as the config
    /// file's `[haptics.patterns]` is (``HapticSettings/setPattern(_:text:)``, then
    /// ``SettingsRules``): an on/off pattern for the line, or a DRV2605L sequence for a stage,
    /// which the board's driver plays from the stage's next press.
    public func setPattern(_ name: String, text: String) throws(CommandFailure) {
        guard let id = patterns.id(named: name) else {
            throw CommandFailure("pattern '\(name)' is new: patterns are named in the config file ([haptics.patterns]); this command changes existing ones (\(patterns.names.joined(separator: ", ")))")
        }
        var changed = settings
        do {
            try changed.haptics.setPattern(name, text: text)
        } catch {
            throw CommandFailure(error.description)
        }
        if let problem = SettingsRules.problems(changed, sampleRateHz: board.sampleRateHz, hapticDriver: board.hapticDriver, written: ["haptics.patterns.\(name)"]).first {
            throw CommandFailure(problem.description)
        }
        try runtime.send(.setPattern(id, CompiledHapticPattern(changed.haptics.patterns[name]!)))
        runtime.pump.driverStages?.use(changed.haptics.effects)
        if changed != settings { lab.noteSettingsChange() }
        settings = changed
    }

    /// Plays `pattern` now, reported under the name of `id` (or `test`).
    public func play(_ pattern: HapticPattern, as id: HapticPatternID) throws(CommandFailure) {
        try send(.playPattern(id, CompiledHapticPattern(pattern)))
    }

    /// Plays `trace` on the simulated pad and keeps it alive while the loop may read it.
    public func play(trace: ForceTrace) throws(CommandFailure) {
        let storage = TraceStorage(trace)
        try send(.simulate(.play(storage.view)))
        playingTrace = storage
        traceEndsMicros = MonotonicClock().nowMicros() + trace.durationMicros
    }
}
