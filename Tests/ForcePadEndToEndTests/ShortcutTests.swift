import Foundation
import Testing

@Suite struct ShortcutTests {
    let config = "[[shortcuts]]\ntype = \"lab.tare\"\ntitle = \"Tare\"\ncommand = \"tare\"\n[[shortcuts]]\ntype = \"lab.firm\"\ntitle = \"Firm\"\ncommand = \"preset firm\"\n"

    func scratch() throws -> (config: URL, state: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-shortcuts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("state"), withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("forcepad.toml")
        try self.config.write(to: config, atomically: true, encoding: .utf8)
        return (config, directory.appendingPathComponent("state"))
    }

    @Test func staticFirstThenDynamicKeptAcrossRestarts() throws {
        let (config, state) = try scratch()
        defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
        let arguments = ["--config", config.path, "--state-dir", state.path]
        let first = try ForcePadProcess.run(arguments, lines: [
            "shortcut add lab.soft \"Soft\" \"threshold peek 120g\" icon=preset", "shortcut add lab.x \"X\" \"bogus\"",
            "shortcut add lab.tare \"Again\" \"tare\"", "shortcut add lab.a \"A\" \"status\"", "shortcut add lab.b \"B\" \"status\"",
        ])
        #expect(first.outputLines.prefix(5) == [
            "added lab.soft in slot 3",
            "error: command 'bogus' is not valid in this version: 'bogus' is not a command",
            "error: type 'lab.tare' is already taken by a static shortcut from the config file; give this one another type",
            "added lab.a in slot 4",
            "added lab.b (hidden: four shortcuts are shown)",
        ])
        let second = try ForcePadProcess.run(arguments, lines: ["shortcut list", "shortcut remove lab.tare", "shortcut remove lab.a", "shortcut run 4"])
        #expect(second.outputLines.prefix(6) == [
            "1  lab.tare  \"Tare\"  → tare  [config]",
            "2  lab.firm  \"Firm\"  → preset firm  [config]",
            "3  lab.soft  \"Soft\"  → threshold peek 120g  [added (v0.1.0)]",
            "4  lab.a  \"A\"  → status  [added (v0.1.0)]",
            "-  lab.b  \"B\"  → status  [added (v0.1.0)]",
            "4 shown, 1 hidden",
        ])
        #expect(second.outputLines[6] == "error: shortcut 'lab.tare' is static: it comes from the config file and can be removed only there")
        #expect(second.outputLines[7] == "removed lab.a")
        // lab.b moves up into slot 4 and runs.
        #expect(second.standardOutput.contains("shortcut.performed  lab.b handled"))
    }

    /// quit and shortcut are refused as a shortcut's command for what they are, not as
    /// commands this version lacks.
    @Test func quitAndShortcutCannotBeAShortcutsCommand() throws {
        let (config, state) = try scratch()
        defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
        let result = try ForcePadProcess.run(
            ["--config", config.path, "--state-dir", state.path],
            lines: ["shortcut add lab.q \"Quit\" \"quit\"", "shortcut add lab.s \"Again\" \"shortcut run 1\""])
        #expect(result.outputLines.prefix(2) == [
            "error: 'quit' cannot be a shortcut's command: a shortcut may not stop the controller (type quit at the shell); give the shortcut another command",
            "error: 'shortcut' cannot be a shortcut's command: a shortcut running shortcuts could loop; give this one the command the other shortcut runs",
        ])
    }

    @Test func launchShortcutRunsOnceAndReportsHandled() throws {
        let (config, state) = try scratch()
        defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
        let result = try ForcePadProcess.run(
            ["--config", config.path, "--state-dir", state.path, "--shortcut", "lab.firm", "--json"], lines: ["threshold"])
        let performed = result.outputLines.filter { $0.contains("\"event\":\"shortcut.performed\"") }
        #expect(performed.count == 1)
        #expect(performed.first?.contains("\"type\":\"lab.firm\",\"handled\":true") == true)
        #expect(result.standardOutput.contains("{\"ok\":true,\"cmd\":\"threshold\",\"touch_g\":20,\"peek_g\":200,\"pop_g\":350,\"preset\":\"firm\"}"))
        let unknown = try ForcePadProcess.run(["--config", config.path, "--state-dir", state.path, "--shortcut", "lab.none"], lines: ["threshold"])
        #expect(unknown.status == 0)
        #expect(unknown.outputLines.first == "error: no shortcut of type 'lab.none'; shortcut list shows the types")
    }

    @Test func aFailingCommandIsNotHandled() throws {
        let (config, state) = try scratch()
        defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
        let result = try ForcePadProcess.run(
            ["--config", config.path, "--state-dir", state.path], lines: ["sim press 100g", "shortcut run lab.tare"])
        #expect(result.standardOutput.contains("shortcut.performed  lab.tare not handled: tare refused: the pad is being touched"))
        #expect(result.outputLines.contains { $0.hasPrefix("shortcut lab.tare: not handled: tare refused") })
    }
}

@Suite struct QuickActionMenuOnThePadTests {
    @Test func popHoldSlideAndLiftPerformsTheChosenShortcut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-menu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("forcepad.toml")
        try "[[shortcuts]]\ntype = \"lab.tare\"\ntitle = \"Tare\"\ncommand = \"tare\"\n[[shortcuts]]\ntype = \"lab.firm\"\ntitle = \"Firm\"\ncommand = \"preset firm\"\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let result = try ForcePadProcess.run(
            ["--config", config.path, "--state-dir", directory.path, "--json"],
            lines: ["sim press 400g at 0.1", "wait 700ms", "sim press 400g at 0.8", "wait 500ms", "sim release", "threshold"])
        let events = result.outputLines.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let name = object["event"] as? String, name.hasPrefix("menu.") || name == "shortcut.performed"
            else { return nil }
            let detail = object["slot"] ?? object["slots"] ?? object["type"] ?? object["reason"] ?? ""
            return "\(name) \(detail)"
        }
        #expect(events == ["menu.opened 2", "menu.selected 1", "menu.selected 2", "menu.performed 2", "shortcut.performed lab.firm"])
        #expect(result.standardOutput.contains("\"peek_g\":200,\"pop_g\":350,\"preset\":\"firm\""))
        // The opening pattern and a tick per slot change played.
        #expect(result.standardOutput.contains("\"event\":\"haptic.on\",\"pattern\":\"menu\""))
        #expect(result.standardOutput.contains("\"event\":\"haptic.on\",\"pattern\":\"tick\""))
    }

    @Test func liftingBeforeTheHoldOpensNothing() throws {
        let result = try ForcePadProcess.run(["--json"], lines: ["shortcut add lab.a \"A\" \"status\"", "sim press 400g for 200ms"])
        #expect(!result.standardOutput.contains("menu."))
    }
}
