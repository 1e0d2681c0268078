import ForcePadCore
import ForcePadLabFiles
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var report: Self {
        ShellCommand(
            name: "report", usage: ["report NAME", "report verify NAME"],
            summary: "write a sealed JSON report and an SVG force plot of a recording or trial, or verify one",
            details: [
                "Writes reports/NAME.json (board, calibration checksum, thresholds, hysteresis, filter,",
                "haptics, the limits the trial stored and where they came from, presses requested and",
                "completed, the statistics of trial report, the checks and the verdict, the force series,",
                "and whether the replay reproduced the recording) and reports/NAME.svg. A report is never",
                "replaced: if its content would differ (another version, a changed recording) the new",
                "one is written as revision NAME.r2.json beside it, naming the one before; if not,",
                "nothing is written. Every report ends with a sha256 seal over its content; verify",
                "checks every revision's seal and fails if a byte was changed.",
            ],
            examples: ["report firm-peek", "report verify firm-peek"],
            completer: { words, context in words.count <= 1 ? Recording.names(paths: context.services.lab.paths) + (words.isEmpty ? ["verify"] : []) : [] }
        ) { arguments, context throws(CommandFailure) in
            let lab = context.services.lab
            let first = try arguments.word("recording name")
            if first == "verify" && !arguments.isAtEnd {
                let name = try arguments.word("recording name")
                try arguments.end()
                return try Self.verifyReports(try ReportArchive(paths: lab.paths, name: name))
            }
            try arguments.end()
            return try Self.writeReport(name: first, controller: context.controller, lab: lab, fleet: context.services.fleet)
        }
    }

    /// Writes the report of `name` unless its latest revision says the same; a new revision
    /// also goes to the fleet station's outbox when there is one (`[mqtt]`).
    /// A trial in parts (`trial resume`) is reported whole, under its first part's name.
    static func writeReport(name given: String, controller: Controller, lab: LabSession, fleet: FleetStation? = nil) throws(CommandFailure) -> CommandReply {
        let analysis = try TrialParts.analysis(of: given, lab: lab, board: controller.board, settings: controller.settings)
        let name = analysis.recording.info.name
        let report = LabReport(analysis: analysis)
        let archive = try ReportArchive(paths: lab.paths, name: name)
        let latest = archive.revisions.last
        let previous = try latest.map { revision throws(CommandFailure) in (revision, try archive.check(revision)) }
        var fields: [(String, JSONValue)] = [
            ("name", .string(name)), ("presses", .int(Int64(analysis.statistics.presses))),
            ("verdict", analysis.verdict.map { .string($0) } ?? .null),
        ]
        if let (revision, summary) = previous, summary.contentSHA256 == report.contentDigest {
            return CommandReply(
                lines: [
                    "\(revision.json) is current (revision \(summary.revision), written \(summary.generated), seal intact); nothing written",
                    "\(CountText.of(analysis.statistics.presses, "press")); \(analysis.verdictLine)",
                ],
                fields: fields + [("json", .string(revision.json)), ("revision", .int(Int64(summary.revision))), ("written", .bool(false))])
        }
        let revision = archive.revision((latest?.number ?? 0) + 1)
        try lab.paths.makeFolder(lab.paths.reports)
        try ForcePlotSVG(analysis: analysis).text.write(atomicallyTo: revision.svg)
        let travelPlot = analysis.curves.isEmpty ? nil : ForceTravelSVG.path(besides: revision.svg)
        if let travelPlot { try ForceTravelSVG(analysis: analysis).text.write(atomicallyTo: travelPlot) }
        let document = report.document(
            revision: revision.number, generated: WallClockText.utc(), plot: String(revision.svg.split(separator: "/").last ?? ""),
            previous: previous.map { (String($0.0.json.split(separator: "/").last ?? ""), $0.1) })
        let sealed = SealedJSON.seal(document.rendered())
        try sealed.write(atomicallyTo: revision.json)
        let revisionName = String(revision.json.split(separator: "/").last?.dropLast(".json".count) ?? "")
        try fleet?.deliver("reports/" + revisionName, payload: sealed, kind: "report", name: revisionName)
        var lines = ["wrote \(revision.json) and \(revision.svg)" + (travelPlot.map { " and \($0)" } ?? "")]
        if let (earlier, summary) = previous {
            lines.append("revision \(revision.number): its content differs from \(earlier.json) (verdict \(summary.verdict ?? "none") then), which is kept")
        }
        lines.append("\(CountText.of(analysis.statistics.presses, "press")); \(analysis.verdictLine)")
        fields += [
            ("json", .string(revision.json)), ("svg", .string(revision.svg)), ("force_travel_svg", travelPlot.map { .string($0) } ?? .null),
            ("revision", .int(Int64(revision.number))),
            ("written", .bool(true)),
        ]
        return CommandReply(lines: lines, fields: fields)
    }

    /// Checks the seal of every revision of a report; fails naming the first that was changed.
    static func verifyReports(_ archive: ReportArchive) throws(CommandFailure) -> CommandReply {
        let revisions = archive.revisions
        guard !revisions.isEmpty else { throw CommandFailure("no report named '\(archive.name)' in \(archive.paths.reports)") }
        var lines: [String] = []
        var entries: [JSONValue] = []
        for revision in revisions {
            let summary = try archive.check(revision)
            lines.append("\(revision.json): seal intact (revision \(summary.revision), written \(summary.generated), verdict \(summary.verdict ?? "none"))")
            entries.append(.object([
                ("json", .string(revision.json)), ("revision", .int(Int64(summary.revision))), ("intact", .bool(true)),
                ("verdict", summary.verdict.map { .string($0) } ?? .null),
            ]))
        }
        return CommandReply(lines: lines, fields: [("name", .string(archive.name)), ("reports", .array(entries))])
    }
}
