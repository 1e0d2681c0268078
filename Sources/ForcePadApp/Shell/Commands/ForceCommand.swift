import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var force: Self {
        ShellCommand(
            name: "force", usage: ["force"],
            summary: "live force: per cell and total, centroid, contacts, normalised",
            details: [
                "Per cell: the spike-rejected reading and zero in counts, and the filtered force.",
                "Normalised force is the total over the average touch ([force] average_touch).",
            ],
            examples: ["force"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            let controller = context.controller
            let report = ForceReport(board: controller.board, scale: controller.settings.forceScale, snapshot: controller.snapshot())
            return CommandReply(lines: report.detailLines, fields: report.fields)
        }
    }
}
