import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var force: Self {
        ShellCommand(
            name: "force", usage: ["force"],
            summary: "live force: per cell and total, centroid, contacts, normalised",
            details: [
                "Per cell: the spike-rejected reading and zero in counts, and the filtered force.",
                "Normalised force is the total over the average touch ([force] average_touch).",
                "With a reference sensor ([reference] in the board file), its newest reading (reference_g) beside the pad's total.",
            ],
            examples: ["force"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            let controller = context.controller
            let snapshot = controller.snapshot()
            let report = ForceReport(
                board: controller.board, scale: controller.settings.forceScale, snapshot: snapshot,
                reference: controller.reference(nearFrameAt: snapshot.force.timeMicros))
            return CommandReply(lines: report.detailLines, fields: report.fields)
        }
    }
}
