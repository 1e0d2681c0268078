import ForcePadCore
import ForcePadLabFiles

/// The parts of a trial that was resumed (`trial resume`), for its report: each part's
/// recording, the presses it holds (numbered through the trial) and how it ended. Nothing
/// for a trial made in one recording.
struct TrialPartsText {
    let analysis: TrialAnalysis

    /// Each part with the number of its first press (from 1).
    private var numbered: [(info: CaptureInfo, presses: Int, firstPress: Int)] {
        var next = 1
        return analysis.parts.map { part in
            defer { next += part.presses }
            return (part.info, part.presses, next)
        }
    }

    /// `parts       dome-a: presses 1–4312 (interrupted); dome-a-2: presses 4313–10000 (trial complete)`.
    var lines: [String] {
        guard analysis.parts.count > 1 else { return [] }
        let parts = numbered.map { part in
            let presses = switch part.presses {
            case 0: "no press"
            case 1: "press \(part.firstPress)"
            default: "presses \(part.firstPress)–\(part.firstPress + part.presses - 1)"
            }
            return "\(part.info.name): \(presses) (\(Self.ending(part.info)))"
        }
        return ["parts       " + parts.joined(separator: "; ")]
    }

    /// `parts`: each part's name, start and end, how it ended, its first press and its presses.
    var fields: [(String, JSONValue)] {
        guard analysis.parts.count > 1 else { return [] }
        return [("parts", .array(numbered.map { part in
            .object([
                ("name", .string(part.info.name)), ("started", .string(part.info.started)),
                ("stopped", part.info.stopped.map { .string($0) } ?? .null), ("ended", .string(Self.ending(part.info))),
                ("first_press", .int(Int64(part.firstPress))), ("presses", .int(Int64(part.presses))),
                ("frames", .int(Int64(part.info.frames))),
            ])
        }))]
    }

    /// How a part ended: `interrupted` (never stopped), or what stopped it.
    private static func ending(_ info: CaptureInfo) -> String {
        info.isInterrupted ? "interrupted" : info.stoppedBy ?? "stopped"
    }
}
