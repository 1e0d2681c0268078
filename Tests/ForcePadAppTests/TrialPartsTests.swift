import ForcePadCore
import ForcePadLabFiles
import Foundation
import Testing

@testable import ForcePadApp

/// The parts of a trial found from the state directory's descriptions alone: from any part,
/// every part in order; a description that names a missing part, two parts resuming one, or
/// parts resuming each other in a circle are refused with one line that says what to do.
@Suite struct TrialPartsTests {
    /// A state directory holding a trial description for each of `parts` (name, the part it resumes).
    static func state(_ parts: [(String, String?)]) throws -> (paths: LabPaths, remove: () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trial-parts-\(UUID().uuidString)").path
        let paths = LabPaths(stateDirectory: directory)
        for (name, resumes) in parts {
            try FileManager.default.createDirectory(atPath: paths.recording(name), withIntermediateDirectories: true)
            var info = CaptureInfo(
                forcepadVersion: "0.1.0", name: name, kind: "trial", board: "sim", sampleRateHertz: 1000, cells: 4,
                started: "2026-11-27T10:00:00Z", frames: 0, droppedFrames: 0, zerosCounts: nil, tareRow: nil, calibrationChecksum: "00000000",
                thresholds: CaptureInfo.levels(ControllerSettings.standard.thresholds),
                hysteresis: CaptureInfo.levels(ControllerSettings.standard.hysteresis), dwellMicros: 5_000,
                filter: CaptureInfo.filter(ControllerSettings.standard.filter), menuShortcuts: 0, trialPresses: 20, settingsChanged: false,
                limits: nil, limitsSource: nil, haptics: nil)
            info.stopped = "2026-11-27T10:01:00Z"
            info.stoppedBy = "command"
            info.resumes = resumes
            info.pressesBefore = resumes == nil ? nil : 5
            try info.rendered().write(toFile: paths.info(name), atomically: true, encoding: .utf8)
        }
        return (paths, { try? FileManager.default.removeItem(atPath: directory) })
    }

    @Test func anyPartGivesEveryPartInOrder() throws {
        let (paths, remove) = try Self.state([("dome", nil), ("dome-2", "dome"), ("dome-3", "dome-2"), ("other", nil)])
        defer { remove() }
        for name in ["dome", "dome-2", "dome-3"] {
            let parts = try TrialParts(name: name, paths: paths)
            #expect(parts.parts.map(\.name) == ["dome", "dome-2", "dome-3"])
            #expect(parts.trialName == "dome")
        }
        #expect(try TrialParts(name: "other", paths: paths).parts.map(\.name) == ["other"])
    }

    @Test func aBrokenChainIsRefusedWithWhatToDo() throws {
        let (paths, remove) = try Self.state([("a", nil), ("b", "a"), ("c", "b"), ("d", "b"), ("e", "gone"), ("f", "g"), ("g", "f")])
        defer { remove() }
        #expect(throws: CommandFailure("'b' is resumed by c and d; a part is resumed once: move all but one out of \(paths.recordings)")) {
            try TrialParts(name: "a", paths: paths)
        }
        #expect(throws: CommandFailure("'e' continues 'gone', which is not a usable recording in \(paths.recordings): restore it to read the trial whole")) {
            try TrialParts(name: "e", paths: paths)
        }
        #expect(throws: CommandFailure("the parts of 'f' resume each other in a circle at 'f'; a part's recording.json names the part before it in resumes")) {
            try TrialParts(name: "f", paths: paths)
        }
        #expect(throws: CommandFailure("name '../a' is not usable: use letters, digits, '.', '-' and '_' (at most 64, not starting with '.' or '-'); it names a folder in the state directory")) {
            try TrialParts(name: "../a", paths: paths)
        }
    }
}
