import ForcePadHAL
import Foundation
import Testing

/// What ForcePad writes stays in its state directory, one ForcePad uses a state directory
/// and a serial line at a time, and the leftovers of a killed write are cleaned at start.
@Suite struct StateConfinementTests {
    /// A state directory and a folder outside it.
    struct Scratch {
        let directory: URL
        var state: String { directory.appendingPathComponent("state").path }
        var outside: String { directory.appendingPathComponent("outside").path }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-confine-\(UUID().uuidString)")
            for folder in ["state", "outside"] {
                try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// A PID no process can have (above any pid_max).
    static let deadPID = 2_147_483_000

    /// Waits until the lock file of a state directory names a PID.
    static func waitForLock(in stateDirectory: String) -> Int? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: stateDirectory + "/lock", encoding: .utf8), let pid = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            usleep(20_000)
        }
        return nil
    }

    /// Waits until process `pid` has `device` open.
    static func waitForOpen(_ device: String, by pid: Int) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if descriptors.contains(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == device }) {
                return true
            }
            usleep(20_000)
        }
        return false
    }

    @Test func aSecondInstanceOnTheSameStateDirectoryIsRefusedWithTheFirstOnesPID() throws {
        let terminal = try PseudoTerminal()
        let first = try RunningForcePad(arguments: ["--serial", terminal.subordinatePath], terminalForStandardIO: nil)
        defer { first.stop() }
        let pid = try #require(Self.waitForLock(in: first.scratch.path))
        #expect(pid == Int(first.process.processIdentifier))
        let second = try ForcePadProcess.run(["--state-dir", first.scratch.path], lines: ["status"])
        #expect(second.status == 1)
        #expect(second.standardError == "forcepad: the state directory \(first.scratch.path) is in use by another forcepad (PID \(pid)); stop that one, or give this one its own with --state-dir DIR\n")
        #expect(second.standardOutput.isEmpty)
    }

    @Test func aLockLeftByAKilledInstanceDoesNotBlockTheNextStart() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try "\(Self.deadPID)\n".write(toFile: scratch.state + "/lock", atomically: false, encoding: .utf8)
        let result = try ForcePadProcess.run(["--state-dir", scratch.state], lines: ["status"])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func aSecondInstanceOnTheSameSerialLineIsRefusedAndTheHolderNamed() throws {
        let terminal = try PseudoTerminal()
        let first = try RunningForcePad(arguments: ["--serial", terminal.subordinatePath], terminalForStandardIO: nil)
        defer { first.stop() }
        let pid = try #require(Self.waitForLock(in: first.scratch.path))
        #expect(Self.waitForOpen(terminal.subordinatePath, by: pid))
        let scratch = try Scratch()
        defer { scratch.remove() }
        let second = try ForcePadProcess.run(["--serial", terminal.subordinatePath, "--state-dir", scratch.state], lines: [])
        #expect(second.status == 1)
        let lines = second.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(second.standardError.hasPrefix("forcepad: "))
        #expect(second.standardError.contains("\(terminal.subordinatePath) is locked by PID \(pid) (forcepad): stop it or choose another device")
            || second.standardError.contains("\(terminal.subordinatePath) is in use by PID \(pid) (forcepad)"), "\(second.standardError)")
    }

    @Test func staleTemporaryFilesAreRemovedAtStartAndSaid() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let manager = FileManager.default
        try manager.createDirectory(atPath: scratch.state + "/recordings/old", withIntermediateDirectories: true)
        let stale = ["shortcuts.toml.tmp-\(Self.deadPID)", "recordings/old/recording.json.tmp-\(Self.deadPID)-00ab34cd56ef7890"]
        for path in stale { try "x\n".write(toFile: scratch.state + "/" + path, atomically: false, encoding: .utf8) }
        let link = "history.tmp-\(Self.deadPID)"
        try manager.createSymbolicLink(atPath: scratch.state + "/" + link, withDestinationPath: scratch.outside)
        try "keep\n".write(toFile: scratch.state + "/notes.txt", atomically: false, encoding: .utf8)

        let result = try ForcePadProcess.run(["--state-dir", scratch.state], lines: ["status"])
        #expect(result.status == 0)
        for path in stale {
            #expect(!manager.fileExists(atPath: scratch.state + "/" + path))
            #expect(result.standardError.contains("removed \(scratch.state)/\(path): a temporary file left by a write that was cut short"))
        }
        #expect((try? manager.destinationOfSymbolicLink(atPath: scratch.state + "/" + link)) == scratch.outside)
        #expect(manager.fileExists(atPath: scratch.state + "/notes.txt"))
    }

    @Test func aSymlinkedRecordingsFolderIsRefusedAndNothingIsWrittenThrough() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createSymbolicLink(atPath: scratch.state + "/recordings", withDestinationPath: scratch.outside)
        let result = try ForcePadProcess.run(["--state-dir", scratch.state], lines: ["mode json", "record start escape"])
        let answer = LabTests.answers(result, to: "record").first
        #expect(answer?["error"] as? String
            == "\(scratch.state)/recordings is a symlink, and ForcePad writes only inside the state directory: replace it with a folder (move its files in), or give --state-dir the directory you want")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.outside) == [])
    }

    @Test func aSymlinkedReportsFolderIsRefusedAndNothingIsWrittenThrough() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createSymbolicLink(atPath: scratch.state + "/reports", withDestinationPath: scratch.outside)
        let result = try ForcePadProcess.run(
            ["--state-dir", scratch.state], lines: ["mode json", "record start short", "sim press 200g for 100ms", "record stop", "report short"])
        let answer = LabTests.answers(result, to: "report").first
        #expect(answer?["error"] as? String
            == "\(scratch.state)/reports is a symlink, and ForcePad writes only inside the state directory: replace it with a folder (move its files in), or give --state-dir the directory you want")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.outside) == [])
    }

    @Test func reportVerifyTakesANameNotAPath() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try "{}".write(toFile: scratch.outside + "/planted.json", atomically: true, encoding: .utf8)
        let result = try ForcePadProcess.run(["--state-dir", scratch.state], lines: ["mode json", "report verify ../outside/planted"])
        let answer = LabTests.answers(result, to: "report").first
        #expect((answer?["error"] as? String)?.hasPrefix("name '../outside/planted' is not usable: use letters, digits") == true, "\(String(describing: answer))")
    }

    @Test func aReportLargerThanAnyForcePadWritesIsNotReadIntoMemory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.state + "/reports", withIntermediateDirectories: true)
        let huge = scratch.state + "/reports/huge.json"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let result = try ForcePadProcess.run(["--state-dir", scratch.state], lines: ["mode json", "report verify huge"])
        let answer = LabTests.answers(result, to: "report").first
        #expect(answer?["error"] as? String == "\(huge) is larger than 64 MiB, more than any ForcePad report; it is not read and is kept as found")
    }

    @Test func aSymlinkedRecordingFolderIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.state + "/recordings", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.state + "/recordings/planted", withDestinationPath: scratch.outside + "/gone")
        let result = try ForcePadProcess.run(["--state-dir", scratch.state], lines: ["mode json", "record start planted"])
        let answer = LabTests.answers(result, to: "record").first
        #expect((answer?["error"] as? String)?.hasPrefix("cannot create \(scratch.state)/recordings/planted: File exists") == true, "\(String(describing: answer))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.outside) == [])
    }
}
