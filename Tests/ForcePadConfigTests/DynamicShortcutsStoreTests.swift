import ForcePadConfig
import ForcePadCore
import Foundation
import Testing

/// Accepts the command lines of a shell that knows `tare` and `preset` only.
struct TareAndPresetCommandCheck: ShortcutCommandCheck {
    func problem(in command: String) -> String? {
        let word = command.split(separator: " ").first.map(String.init) ?? ""
        return ["tare", "preset"].contains(word) ? nil : "command '\(command)' is not valid in this version: unknown command '\(word)'"
    }
}

@Suite struct DynamicShortcutsStoreTests {
    /// A fresh, empty state directory, removed after `body`.
    func withStateDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-shortcuts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    @Test func noFileYetMeansNoShortcutsAndTheFirstSaveCreatesIt() throws {
        try withStateDirectory { directory in
            var store = DynamicShortcutsStore(stateDirectory: directory)
            #expect(store.path == directory + "/shortcuts.toml")
            #expect(try store.load() == [])
            #expect(store.loadFailure == nil)
            try store.save([DynamicShortcutsFileTests.tare], timestamp: "2026-11-22T03:50:00Z")
            #expect(try store.load() == [DynamicShortcutsFileTests.tare])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["shortcuts.toml"])
        }
    }

    @Test func savingReplacesTheWholeFileAndLeavesNoTemporary() throws {
        try withStateDirectory { directory in
            var store = DynamicShortcutsStore(stateDirectory: directory)
            try store.save([DynamicShortcutsFileTests.tare, DynamicShortcutsFileTests.firm], timestamp: "2026-11-22T03:50:00Z")
            #expect(try String(contentsOfFile: store.path, encoding: .utf8) == DynamicShortcutsFileTests.text)
            try store.save([DynamicShortcutsFileTests.firm], timestamp: "2026-11-22T04:00:00Z")
            #expect(try store.load() == [DynamicShortcutsFileTests.firm])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["shortcuts.toml"])
        }
    }

    @Test func aDamagedFileIsReportedAndNeverOverwritten() throws {
        try withStateDirectory { directory in
            var store = DynamicShortcutsStore(stateDirectory: directory)
            let damaged = DynamicShortcutsFileTests.text.replacingOccurrences(of: "title = \"Firm\"\n", with: "")
            try damaged.write(toFile: store.path, atomically: false, encoding: .utf8)
            let expected = ConfigError(
                file: store.path, line: 14, key: "shortcut[1].title",
                message: "missing; give the text the operator sees, such as \"Tare\"")
            #expect(throws: expected) { try store.load() }
            #expect(store.loadFailure == expected)
            let refusal = ConfigError(
                file: store.path, line: nil, key: "file",
                message: "not saved, to keep the shortcuts this file holds: it could not be read (line 14: shortcut[1].title: missing; give the text the operator sees, such as \"Tare\"); fix or move the file, then start forcepad again")
            #expect(throws: refusal) { try store.save([DynamicShortcutsFileTests.firm], timestamp: "t") }
            #expect(try String(contentsOfFile: store.path, encoding: .utf8) == damaged)

            try DynamicShortcutsFileTests.text.write(toFile: store.path, atomically: false, encoding: .utf8)
            #expect(try store.load() == [DynamicShortcutsFileTests.tare, DynamicShortcutsFileTests.firm])
            #expect(store.loadFailure == nil)
            try store.save([DynamicShortcutsFileTests.firm], timestamp: "t")
            #expect(try store.load() == [DynamicShortcutsFileTests.firm])
        }
    }

    @Test func aSavedShortcutThisVersionCannotRunIsListedAndSavedAgainUnchanged() throws {
        try withStateDirectory { directory in
            var store = DynamicShortcutsStore(stateDirectory: directory)
            let older = DynamicShortcut(
                type: "lab.zero", title: "Zero", subtitle: nil, iconName: nil, userInfo: ["since": "0.0.9"],
                command: "zero", version: "0.0.9")
            try store.save([older, DynamicShortcutsFileTests.firm], timestamp: "t")
            var registry = ShortcutRegistry(
                staticShortcuts: [], dynamicShortcuts: try store.load(), commandCheck: TareAndPresetCommandCheck())
            #expect(registry.entries.map(\.slot) == [nil, 1])
            #expect(registry.entries[0].invalidReason == "command 'zero' is not valid in this version: unknown command 'zero'")
            try registry.add(DynamicShortcutsFileTests.tare)
            try store.save(registry.dynamicShortcuts, timestamp: "t")
            #expect(try store.load() == [older, DynamicShortcutsFileTests.firm, DynamicShortcutsFileTests.tare])
        }
    }
}
