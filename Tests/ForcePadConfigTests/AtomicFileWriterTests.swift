import ForcePadConfig
import Foundation
import Testing

/// State writes stay in the state directory: nothing planted beside the target (a symlink
/// at a temporary name, or at the target's own name) makes a write land elsewhere, and the
/// temporary files of a killed writer are cleaned at the next start.
@Suite struct AtomicFileWriterTests {
    /// A state directory and a file outside it, removed after `body`.
    func withDirectories(_ body: (_ state: String, _ outside: String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "outside\n".write(toFile: root + "/outside.txt", atomically: false, encoding: .utf8)
        try body(root + "/state", root + "/outside.txt")
    }

    /// A PID no process can have (above any pid_max).
    static let deadPID: Int32 = 2_147_483_000

    @Test func aSymlinkAtThePredictableTemporaryNameIsNeverWrittenThrough() throws {
        try withDirectories { state, outside in
            let target = state + "/shortcuts.toml"
            // The names earlier versions used, and a few more of the same shape.
            for suffix in ["\(getpid())", "\(getpid())-0", "\(getpid())-0000000000000000"] {
                try FileManager.default.createSymbolicLink(atPath: target + ".tmp-" + suffix, withDestinationPath: outside)
            }
            try AtomicFileWriter.write("new = 1\n", to: target)
            #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside\n")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "new = 1\n")
        }
    }

    @Test func aSymlinkAtTheTargetIsReplacedNotFollowed() throws {
        try withDirectories { state, outside in
            let target = state + "/calibration-sim.toml"
            try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: outside)
            try AtomicFileWriter.write("new = 1\n", to: target)
            #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside\n")
            let type = try FileManager.default.attributesOfItem(atPath: target)[.type] as? FileAttributeType
            #expect(type == .typeRegular)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "new = 1\n")
        }
    }

    @Test func aWriteLeavesOnlyTheTargetAndAFailedOneLeavesNoTemporary() throws {
        try withDirectories { state, _ in
            try AtomicFileWriter.write("a\n", to: state + "/history")
            try AtomicFileWriter.write("b\n", to: state + "/history")
            #expect(try FileManager.default.contentsOfDirectory(atPath: state) == ["history"])
            try FileManager.default.createDirectory(atPath: state + "/folder", withIntermediateDirectories: false)
            #expect(throws: ConfigError.self) { try AtomicFileWriter.write("c\n", to: state + "/folder") }
            #expect(try FileManager.default.contentsOfDirectory(atPath: state).sorted() == ["folder", "history"])
        }
    }

    @Test func temporaryNamesAreRecognisedWithTheirWriter() {
        #expect(AtomicFileWriter.temporaryOwner(of: "shortcuts.toml.tmp-4242") == 4242)
        #expect(AtomicFileWriter.temporaryOwner(of: "history.tmp-17-00ab34cd56ef7890") == 17)
        #expect(AtomicFileWriter.temporaryOwner(of: "shortcuts.toml") == nil)
        #expect(AtomicFileWriter.temporaryOwner(of: ".tmp-12") == nil)
        #expect(AtomicFileWriter.temporaryOwner(of: "notes.tmp-draft") == nil)
        #expect(AtomicFileWriter.temporaryOwner(of: "x.tmp-12-zz") == nil)
        #expect(AtomicFileWriter.temporaryOwner(of: "x.tmp-12-ab-cd") == nil)
    }

    @Test func staleTemporariesOfGoneWritersAreRemovedAndNothingElse() throws {
        try withDirectories { state, outside in
            let manager = FileManager.default
            let dead = "shortcuts.toml.tmp-\(Self.deadPID)", deadNew = "history.tmp-\(Self.deadPID)-00ab34cd56ef7890"
            let liveRecent = "history.tmp-1-00ab34cd56ef7890", liveOld = "calibration-sim.toml.tmp-1"
            let own = "history.tmp-\(getpid())-0000000000000001"
            for name in [dead, deadNew, liveRecent, liveOld, own, "notes.txt", "notes.tmp-draft"] {
                try "x\n".write(toFile: state + "/" + name, atomically: false, encoding: .utf8)
            }
            let longAgo = Date().addingTimeInterval(-Double(StaleTemporaryFiles.staleSeconds) - 60)
            try manager.setAttributes([.modificationDate: longAgo], ofItemAtPath: state + "/" + liveOld)
            let link = "recording.json.tmp-\(Self.deadPID)"
            try manager.createSymbolicLink(atPath: state + "/" + link, withDestinationPath: outside)
            try manager.createDirectory(atPath: state + "/reports.tmp-\(Self.deadPID)", withIntermediateDirectories: false)

            let removed = StaleTemporaryFiles.remove(in: state)
            #expect(removed == [liveOld, deadNew, dead].map { state + "/" + $0 })
            #expect(try manager.contentsOfDirectory(atPath: state).sorted()
                == [liveRecent, own, "notes.tmp-draft", "notes.txt", link, "reports.tmp-\(Self.deadPID)"].sorted())
            #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside\n")
        }
    }
}
