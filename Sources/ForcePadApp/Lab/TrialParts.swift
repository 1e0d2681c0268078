import ForcePadCore
import ForcePadLabFiles
import ForcePadHAL

/// The recordings that make one trial: the first, and each part that `trial resume`
/// recorded to continue the one before it (its `recording.json` names it in `resumes`).
/// Every part is a whole recording of its own, replayed from its own tare; the trial is
/// their presses one after the other.
struct TrialParts {
    /// The parts' names and descriptions, first first.
    let parts: [(name: String, info: CaptureInfo)]

    /// Most parts a trial may have.
    static let maxParts = 1000

    /// The parts of the trial that recording `name` belongs to, found from the descriptions
    /// in `paths`' recordings: back along `resumes`, then forward to the part that resumes each.
    init(name: String, paths: LabPaths) throws(CommandFailure) {
        let name = try CaptureName.validated(name)
        var infos: [String: CaptureInfo] = [:]
        var problems: [String: String] = [:]
        var resumedBy: [String: [String]] = [:]
        for entry in RecordingEntry.all(paths: paths, running: nil) {
            guard let info = entry.info else {
                problems[entry.name] = entry.problem
                continue
            }
            infos[entry.name] = info
            if let resumes = info.resumes { resumedBy[resumes, default: []].append(entry.name) }
        }
        guard let named = infos[name] else {
            // A recording that cannot be read says why, in its own words.
            throw CommandFailure(problems[name] ?? "no recording named '\(name)' in \(paths.recordings); record list shows them")
        }
        var chain = [(name, named)]
        while let before = chain[0].1.resumes {
            guard chain.count < Self.maxParts, !chain.contains(where: { $0.0 == before }) else {
                throw CommandFailure("the parts of '\(name)' resume each other in a circle at '\(before)'; a part's recording.json names the part before it in resumes")
            }
            guard let info = infos[before] else {
                throw CommandFailure(
                    "'\(chain[0].0)' continues '\(before)', which is not a usable recording in \(paths.recordings)"
                        + (problems[before].map { " (\($0))" } ?? "") + ": restore it to read the trial whole")
            }
            chain.insert((before, info), at: 0)
        }
        while let after = resumedBy[chain[chain.count - 1].0] {
            guard after.count == 1 else {
                throw CommandFailure("'\(chain[chain.count - 1].0)' is resumed by \(after.sorted().joined(separator: " and ")); a part is resumed once: move all but one out of \(paths.recordings)")
            }
            guard chain.count < Self.maxParts, !chain.contains(where: { $0.0 == after[0] }), let info = infos[after[0]] else {
                throw CommandFailure("the parts of '\(name)' resume each other in a circle at '\(after[0])'")
            }
            chain.append((after[0], info))
        }
        parts = chain.map { (name: $0.0, info: $0.1) }
    }

    /// The first part's name: the trial's.
    var trialName: String { parts[0].name }

    /// Every part read back, first first: a part still being recorded is refused
    /// (``LabSession/finishedRecording(_:board:)``).
    func load(lab: LabSession, board: BoardDescription) throws(CommandFailure) -> [Recording] {
        var recordings: [Recording] = []
        for part in parts { recordings.append(try lab.finishedRecording(part.name, board: board)) }
        return recordings
    }

    /// The trial that recording `name` belongs to, with all its parts, analysed as one.
    static func analysis(of name: String, lab: LabSession, board: BoardDescription, settings: ControllerSettings) throws(CommandFailure) -> TrialAnalysis {
        try lab.collectFinishedCapture()
        let parts = try TrialParts(name: name, paths: lab.paths)
        return try TrialAnalysis(parts: parts.load(lab: lab, board: board), board: board, settings: settings)
    }
}
