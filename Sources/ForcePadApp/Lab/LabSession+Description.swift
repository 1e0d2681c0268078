import ForcePadCore
import ForcePadLabFiles

extension LabSession {
    /// The description of a recording `name` started now with the controller's settings
    /// (not yet stopped, no frame yet, no zeros or tare).
    static func describe(
        name: String, started: String, trialPresses: Int, referencePeriodMicros: Int64?, controller: any LabHost, plan: TrialPlan
    ) -> CaptureInfo {
        let board = controller.board
        let settings = controller.settings
        var info = CaptureInfo(
            forcepadVersion: ForcePadVersion.current, name: name, kind: trialPresses > 0 ? "trial" : "recording",
            board: board.name, sampleRateHertz: board.sampleRateHz, cells: board.geometry.cellCount, started: started,
            frames: 0, droppedFrames: 0, zerosCounts: nil, tareRow: nil,
            calibrationChecksum: CRC32.hex(controller.calibration.checksum(board: board.name)),
            thresholds: CaptureInfo.levels(settings.thresholds), hysteresis: CaptureInfo.levels(settings.hysteresis),
            dwellMicros: settings.hysteresis.dwellMicros, filter: CaptureInfo.filter(settings.filter),
            menuShortcuts: controller.shortcuts.visible.count, trialPresses: trialPresses > 0 ? trialPresses : nil,
            settingsChanged: false, limits: settings.trialLimits, limitsSource: Self.limitsSource(settings.trialLimits, controller),
            haptics: RecordedHaptics(settings.haptics, driver: board.hapticDriver))
        info.referencePeriodMicros = referencePeriodMicros
        info.touchDwellMicros = settings.hysteresis.touchDwellMicros
        info.boardFileDigest = controller.boardFile.contentDigest
        info.stand = plan.stand
        info.resumes = plan.resumes
        info.pressesBefore = plan.resumes == nil ? nil : plan.pressesBefore
        return info
    }

    /// Where the running `[trials]` limits come from: the config layers that write `[trials]`
    /// as the files are now, or built-in defaults; when the files no longer give the running
    /// limits (edited since they were loaded), every file the settings were loaded from.
    private static func limitsSource(_ limits: TrialLimits, _ controller: any LabHost) -> String {
        guard let files = try? controller.loadConfigFiles(), files.settings.trialLimits == limits else { return controller.configSource }
        return files.source(of: "trials")
    }
}
