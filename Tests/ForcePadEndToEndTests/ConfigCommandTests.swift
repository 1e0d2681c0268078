import Foundation
import Testing

/// `config show --origin`, `config diff`, `config save` and the unsaved-changes warning,
/// through the shell, with the lab's file under the user's.
@Suite struct ConfigCommandTests {
    /// A lab config directory and a user file, removed after `body`.
    func withFiles(_ body: (_ lab: String, _ user: String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "# lab defaults\npreset = \"firm\"\n".write(toFile: root + "/etc/forcepad.toml", atomically: false, encoding: .utf8)
        try "[thresholds]\ntouch = \"25g\"   # mine\n".write(toFile: root + "/user.toml", atomically: false, encoding: .utf8)
        try body(root + "/etc", root + "/user.toml")
    }

    @Test func diffShowsTheFilesValueAndTheRunningOneAndQuitWarnsOnce() throws {
        try withFiles { lab, user in
            let result = try ForcePadProcess.run(
                ["--config", user, "--no-rt"], lines: ["config diff", "threshold touch 30g", "config diff", "quit"],
                environment: ["CONFIGURATION_DIRECTORY": lab])
            #expect(result.status == 0)
            let lines = result.outputLines
            #expect(lines.contains("no changes: the running settings are those of \(lab)/forcepad.toml + \(user)"))
            let diff = lines.drop { $0 != "--- \(lab)/forcepad.toml + \(user)" }.prefix(4)
            #expect(Array(diff) == [
                "--- \(lab)/forcepad.toml + \(user)", "+++ running",
                "-thresholds.touch = \"25g\"  # \(user):2", "+thresholds.touch = \"30g\"",
            ])
            #expect(lines.contains("warning: unsaved changes to thresholds.touch: config save keeps them, config diff shows them"))
            #expect(lines.contains("bye"))
        }
    }

    @Test func saveKeepsTheCommentsAndThePreviousFileAndEndsTheWarning() throws {
        try withFiles { lab, user in
            let result = try ForcePadProcess.run(
                ["--config", user, "--no-rt"], lines: ["threshold touch 30g", "config save", "quit"],
                environment: ["CONFIGURATION_DIRECTORY": lab])
            #expect(result.status == 0)
            #expect(result.outputLines.contains("saved thresholds.touch to \(user); the previous file is \(user)~"))
            #expect(!result.outputLines.contains { $0.hasPrefix("warning: unsaved") })
            #expect(try String(contentsOfFile: user, encoding: .utf8) == "[thresholds]\ntouch = \"30g\"   # mine\n")
            #expect(try String(contentsOfFile: user + "~", encoding: .utf8) == "[thresholds]\ntouch = \"25g\"   # mine\n")
            let again = try ForcePadProcess.run(
                ["--config", user, "--no-rt"], lines: ["config show --origin", "quit"], environment: ["CONFIGURATION_DIRECTORY": lab])
            let shown = again.outputLines
            #expect(shown.contains { $0.hasPrefix("thresholds.touch = \"30g\"") && $0.hasSuffix("# \(user):2") })
            #expect(shown.contains { $0.hasPrefix("preset = \"firm\"") && $0.hasSuffix("# \(lab)/forcepad.toml:2") })
            #expect(shown.contains { $0.hasPrefix("hysteresis.peek = \"15g\"") && $0.hasSuffix("# built-in") })
        }
    }

    /// Setting peek drops the preset: save names the thresholds it wrote, and the preset only
    /// when it removed its line (the user's), not when the lab's file gives it.
    @Test func saveNamesOnlyWhatItWroteOrRemoved() throws {
        try withFiles { lab, user in
            let result = try ForcePadProcess.run(
                ["--config", user, "--no-rt", "--json"], lines: ["threshold peek 250g", "config save", "quit"],
                environment: ["CONFIGURATION_DIRECTORY": lab])
            #expect(result.outputLines.contains(
                "{\"ok\":true,\"cmd\":\"config\",\"file\":\"\(user)\",\"saved\":[\"thresholds.peek\",\"thresholds.pop\"],\"removed\":[],\"previous\":\"\(user)~\"}"),
                "\(result.standardOutput)")
            try "preset = \"light\"\n".write(toFile: user, atomically: false, encoding: .utf8)
            let again = try ForcePadProcess.run(
                ["--config", user, "--no-rt"], lines: ["threshold peek 150g", "config save", "quit"],
                environment: ["CONFIGURATION_DIRECTORY": lab])
            #expect(again.outputLines.contains(
                "saved thresholds.peek, thresholds.pop to \(user), removed preset from it; the previous file is \(user)~"),
                "\(again.standardOutput)")
            #expect(try String(contentsOfFile: user, encoding: .utf8) == "\n[thresholds]\npeek = \"150g\"\npop = \"200g\"\n")
        }
    }

    @Test func originsMarkWhatChangedInTheSessionAndJSONCarriesThem() throws {
        try withFiles { lab, user in
            let result = try ForcePadProcess.run(
                ["--config", user, "--no-rt", "--json"], lines: ["hysteresis peek 10g", "config show --origin", "config diff"],
                environment: ["CONFIGURATION_DIRECTORY": lab])
            let show = result.outputLines.first { $0.hasPrefix("{\"ok\":true,\"cmd\":\"config\",\"settings\":") } ?? ""
            #expect(show.contains("{\"key\":\"hysteresis.peek\",\"value\":\"\\\"10g\\\"\",\"origin\":\"changed in this session\"}"))
            let diff = result.outputLines.first { $0.hasPrefix("{\"ok\":true,\"cmd\":\"config\",\"changes\":") } ?? ""
            #expect(diff.contains("{\"key\":\"hysteresis.peek\",\"file\":\"\\\"15g\\\"\",\"running\":\"\\\"10g\\\"\",\"origin\":null}"))
            #expect(result.standardError.contains("shutting down with unsaved changes to hysteresis.peek"))
        }
    }
}
