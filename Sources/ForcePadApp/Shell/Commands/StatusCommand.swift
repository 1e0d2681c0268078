import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var status: Self {
        ShellCommand(
            name: "status", usage: ["status"],
            summary: "board, rate, thresholds, live force, press state and counters",
            details: ["Force is the newest frame from the loop, in grams per cell and in total."],
            examples: ["status"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            let controller = context.controller
            let latencies = context.services.loopLatencies()
            let snapshot = controller.snapshot()
            return StatusReport(
                board: controller.board, settings: controller.settings, snapshot: snapshot, latencies: latencies,
                haptic: HapticReport(controller: controller, services: context.services, snapshot: snapshot, latencies: latencies),
                configSource: controller.configSource, stateDirectory: controller.stateDirectory,
                calibrationSource: controller.calibration.source, savedCalibration: SavedCalibrationStatus(controller),
                scheduling: context.services.scheduling.summary,
                reference: controller.reference(nearFrameAt: snapshot.force.timeMicros),
                referenceReader: context.services.reference, fleet: context.services.fleet
            ).reply
        }
    }
}
