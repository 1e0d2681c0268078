import ForcePadConfig
import ForcePadCore
import Foundation
import Testing

/// State files damaged on disk (a crash mid-write, a bad SD card, an editor) give an error
/// naming the file and line, never an abort and never an unrelated missing key.
@Suite("Damaged state files")
struct DamagedStateFileTests {
    /// A fresh state directory holding `bytes` as `name`, removed after `body`.
    func withStateFile(_ name: String, _ bytes: [UInt8], _ body: (String, String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-damaged-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
        try body(directory, directory + "/" + name)
    }

    @Test func aLoneBracketInTheShortcutsFileIsAnError() throws {
        try withStateFile("shortcuts.toml", Array("[".utf8)) { directory, path in
            var store = DynamicShortcutsStore(stateDirectory: directory)
            let error = #expect(throws: ConfigError.self) { try store.load() }
            #expect(error?.description == "\(path):1: syntax: table header '[' is not closed on its line; end it with ']'")
        }
    }

    @Test func aLoneBracketInTheCalibrationFileIsAnError() throws {
        try withStateFile("calibration-sim.toml", Array("[".utf8)) { _, path in
            let error = #expect(throws: ConfigError.self) { try CalibrationFile.load(path: path, board: HostileTOMLTests.board) }
            #expect(error?.description == "\(path):1: syntax: table header '[' is not closed on its line; end it with ']'")
        }
    }

    @Test func bytesThatAreNotUTF8AreNamedAsSuch() throws {
        let bytes = Array("written = \"2026-11-22T03:50:00Z\"\n# caf".utf8) + [0xE9] + Array("\n".utf8)
        try withStateFile("shortcuts.toml", bytes) { directory, path in
            var store = DynamicShortcutsStore(stateDirectory: directory)
            let error = #expect(throws: ConfigError.self) { try store.load() }
            #expect(error?.description == "\(path):2: file: not UTF-8 text (byte 0xE9 in column 6); save it as UTF-8")
        }
        try withStateFile("calibration-sim.toml", [0xFF, 0xFE]) { _, path in
            let error = #expect(throws: ConfigError.self) { try CalibrationFile.load(path: path, board: HostileTOMLTests.board) }
            #expect(error?.description == "\(path):1: file: not UTF-8 text (byte 0xFF in column 1); save it as UTF-8")
        }
    }

    @Test func aNulInAStateFileIsNamedWithItsLine() throws {
        let bytes = Array("written = \"2026-11-22T03:50:00Z\"\n".utf8) + [0] + Array("[[shortcut]]\n".utf8)
        try withStateFile("shortcuts.toml", bytes) { directory, path in
            var store = DynamicShortcutsStore(stateDirectory: directory)
            let error = #expect(throws: ConfigError.self) { try store.load() }
            #expect(error?.description == "\(path):2: syntax: NUL character (U+0000) in column 1; remove it, a TOML file holds text only")
        }
    }
}
