import Foundation
import Testing

/// Start-up failures end at once with one line that names what failed and what to do: a
/// config or board file that is not a regular file (a FIFO would block the start forever),
/// and a converter's bus that cannot be used.
@Suite struct StartUpFailureTests {
    /// A scratch folder holding a FIFO, removed after `body`.
    func withFIFO(_ body: (_ folder: String, _ fifo: String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-startup-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        try body(folder, folder + "/fifo")
    }

    @Test func aConfigFileThatIsAFIFOIsRefusedAtOnce() throws {
        try withFIFO { folder, fifo in
            let result = try ForcePadProcess.run(["--config", fifo, "--state-dir", folder + "/state"], input: Data(), timeout: 10)
            #expect(result.status == 2)
            #expect(result.standardError == "forcepad: \(fifo): file: cannot read: a FIFO, not a regular file; give the path of a board or config file\n")
        }
    }

    @Test func aBoardFileThatIsAFIFOIsRefusedAtOnce() throws {
        try withFIFO { folder, fifo in
            let result = try ForcePadProcess.run(["--board", fifo, "--state-dir", folder + "/state"], input: Data(), timeout: 10)
            #expect(result.status == 2)
            #expect(result.standardError == "forcepad: \(fifo): file: cannot read: a FIFO, not a regular file; give the path of a board or config file\n")
        }
    }

    /// A real board's file pointing at an I2C bus that does not exist: the start fails at the
    /// bus with its path, errno and the fix, before any loop runs.
    @Test func aBoardWhoseBusIsMissingNamesTheBusErrnoAndFix() throws {
        try withFIFO { folder, _ in
            let shipped = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/rpi4-ads7830.toml"), encoding: .utf8)
            let board = folder + "/missing-bus.toml"
            try shipped.replacingOccurrences(of: "/dev/i2c-1", with: "/dev/i2c-99").write(toFile: board, atomically: false, encoding: .utf8)
            let result = try ForcePadProcess.run(["--board", board, "--no-rt", "--state-dir", folder + "/state"], input: Data(), timeout: 10)
            #expect(result.status == 1)
            #expect(result.standardError
                == "forcepad: open /dev/i2c-99 failed: No such file or directory (ENOENT): no I2C adapter at /dev/i2c-99: enable I2C (raspi-config, or dtparam=i2c_arm=on) and check the bus number\n")
            #expect(!result.standardError.contains("overloaded"))
        }
    }
}
