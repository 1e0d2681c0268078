@testable import ForcePadConfig
import ForcePadCore
import Foundation
import Testing

/// `config save` writes only what changed, keeps the user's comments and order, keeps the
/// previous file, and loads back as the running settings.
@Suite("Config save")
struct ConfigSaveTests {
    /// A scratch directory with `lab.toml` (when `lab` is given) and the user's file path.
    func withFiles(lab: String?, user: String?, _ body: (ConfigFiles, String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-save-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        if let lab { try lab.write(toFile: root + "/lab.toml", atomically: false, encoding: .utf8) }
        let userPath = root + "/config/forcepad/forcepad.toml"
        if let user {
            try FileManager.default.createDirectory(atPath: root + "/config/forcepad", withIntermediateDirectories: true)
            try user.write(toFile: userPath, atomically: false, encoding: .utf8)
        }
        try body(ConfigFiles(systemFile: root + "/lab.toml", userFile: userPath, userFileRequired: false), root)
    }

    static let commented = """
        # My pad: tuned for the firm FSR.
        preset = "medium"   # the lab's default

        [thresholds]
        touch = 25          # grams; 20 was too eager

        # Smoother than the default.
        [filter]
        kind = "biquad"     # Butterworth
        cutoff = 30

        [log]
        level = "info"
        """

    @Test func aRoundTripKeepsCommentsOrderAndUntouchedSpelling() throws {
        try withFiles(lab: nil, user: Self.commented + "\n") { files, _ in
            var running = try files.load(sampleRateHz: 1000).settings
            running.thresholds.touch = .grams(30)
            running.filter.cutoffMilliHertz = 20_000
            running.hysteresis.peek = .grams(10)
            running.haptics.patterns["peek"] = try HapticPattern(parsing: "on 3ms")
            let outcome = try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            #expect(outcome.differences.map(\.key) == ["thresholds.touch", "hysteresis.peek", "filter.cutoff", "haptics.patterns.peek"])
            let saved = try String(contentsOfFile: files.userFile, encoding: .utf8)
            #expect(saved == """
                # My pad: tuned for the firm FSR.
                preset = "medium"   # the lab's default

                [thresholds]
                touch = "30g"          # grams; 20 was too eager

                # Smoother than the default.
                [filter]
                kind = "biquad"     # Butterworth
                cutoff = "20Hz"

                [log]
                level = "info"

                [hysteresis]
                peek = "10g"

                [haptics.patterns]
                peek = "on 3ms"

                """)
            #expect(try String(contentsOfFile: files.userFile + "~", encoding: .utf8) == Self.commented + "\n")
            #expect(outcome.previousFile == files.userFile + "~")
            #expect(try files.load(sampleRateHz: 1000).settings == running)
            let again = try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            #expect(again.differences.isEmpty)
        }
    }

    @Test func aFileWithCRLFLineEndsIsEditedInPlaceAndKeepsThem() throws {
        let crlf = Self.commented.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        try withFiles(lab: nil, user: crlf) { files, _ in
            var running = try files.load(sampleRateHz: 1000).settings
            running.thresholds.touch = .grams(30)
            running.hysteresis.peek = .grams(10)
            _ = try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            let saved = try String(contentsOfFile: files.userFile, encoding: .utf8)
            #expect(saved.contains("touch = \"30g\"          # grams; 20 was too eager\r\n"))
            #expect(saved.contains("[hysteresis]\r\npeek = \"10g\"\r\n"))
            #expect(!saved.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare line feed in a CR LF file")
            #expect(try files.load(sampleRateHz: 1000).settings.thresholds.touch == .grams(30))
        }
    }

    /// Each line keeps its own ending; a line added takes the one most lines have (found by
    /// fuzz-config-editor: every line took the most common ending).
    @Test func aFileWithMixedLineEndsIsEditedAndEachLineKeepsItsEnding() throws {
        let mixed = "[thresholds]\r\ntouch = 25\n\n[log]\r\nlevel = \"info\"\r\n"
        try withFiles(lab: nil, user: mixed) { files, _ in
            var running = try files.load(sampleRateHz: 1000).settings
            running.thresholds.touch = .grams(30)
            running.hysteresis.peek = .grams(10)
            _ = try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            #expect(try files.load(sampleRateHz: 1000).settings.thresholds.touch == .grams(30))
            #expect(try String(contentsOfFile: files.userFile, encoding: .utf8)
                == "[thresholds]\r\ntouch = \"30g\"\n\n[log]\r\nlevel = \"info\"\r\n\r\n[hysteresis]\r\npeek = \"10g\"\r\n")
        }
    }

    /// A byte order mark before the first table header leaves the header a header: the key
    /// goes into that table (found by fuzz-config-editor: a second `[thresholds]` was added at
    /// the end, and the save refused a file that would not load).
    @Test func aFileStartingWithAByteOrderMarkIsEditedInItsFirstTable() throws {
        let marked = "\u{FEFF}[thresholds]\r\npeek = \"150g\"\r\n"
        try withFiles(lab: nil, user: marked) { files, _ in
            var running = try files.load(sampleRateHz: 1000).settings
            running.thresholds.touch = .grams(25)
            _ = try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            // Read as bytes: Foundation's String(contentsOfFile:) drops a byte order mark.
            #expect(try String(decoding: Data(contentsOf: URL(filePath: files.userFile)), as: UTF8.self)
                == "\u{FEFF}[thresholds]\r\npeek = \"150g\"\r\ntouch = \"25g\"\r\n")
            #expect(try files.load(sampleRateHz: 1000).settings.thresholds.touch == .grams(25))
        }
    }

    @Test func editorKeepsALastLineWithoutAnEndingAndAByteOrderMarkAlone() throws {
        var editor = ConfigTextEditor(text: "\u{FEFF}touch = 1\r", file: "x.toml")
        #expect(editor.text == "\u{FEFF}touch = 1\r")
        try editor.set("log.level", to: "\"debug\"")
        #expect(editor.text == "\u{FEFF}touch = 1\r\n\n[log]\nlevel = \"debug\"\n")
        #expect(ConfigTextEditor(text: "", file: "x.toml").text == "")
    }

    @Test func aSaveKeepsTheFilesPermissionsAndTheBackupGetsThemToo() throws {
        try withFiles(lab: nil, user: Self.commented + "\n") { files, _ in
            #expect(chmod(files.userFile, 0o600) == 0)
            var running = try files.load(sampleRateHz: 1000).settings
            running.thresholds.touch = .grams(30)
            _ = try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            for path in [files.userFile, files.userFile + BackedUpFileWriter.previousSuffix] {
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(path)")
            }
        }
    }

    @Test func switchingFromAPresetToNumbersRemovesThePresetLine() throws {
        try withFiles(lab: nil, user: Self.commented) { files, _ in
            var running = try files.load(sampleRateHz: 1000).settings
            running.preset = nil
            running.thresholds.peek = .grams(170)
            _ = try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            let saved = try String(contentsOfFile: files.userFile, encoding: .utf8)
            #expect(!saved.contains("preset ="))
            #expect(saved.contains("touch = 25          # grams; 20 was too eager\npeek = \"170g\"\npop = \"300g\"\n"))
            #expect(try files.load(sampleRateHz: 1000).settings == running)
        }
    }

    @Test func aNewFileIsCreatedWithItsDirectoryAndOnlyWhatDiffersFromTheLabsFile() throws {
        try withFiles(lab: "preset = \"firm\"\n[filter]\ncutoff = \"25Hz\"\n", user: nil) { files, _ in
            var running = try files.load(sampleRateHz: 1000).settings
            #expect(running.preset == .firm)
            running.filter.kind = .biquad
            let outcome = try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            #expect(outcome.previousFile == nil)
            let saved = try String(contentsOfFile: files.userFile, encoding: .utf8)
            #expect(saved == ConfigSave.newFileHeader + "\n[filter]\nkind = \"biquad\"\n")
            #expect(try files.load(sampleRateHz: 1000).settings == running)
        }
    }

    @Test func aSymbolicLinkIsRefusedAndNothingIsWritten() throws {
        try withFiles(lab: nil, user: nil) { files, root in
            try "[filter]\ncutoff = 30\n".write(toFile: root + "/real.toml", atomically: false, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: root + "/config/forcepad", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: files.userFile, withDestinationPath: root + "/real.toml")
            var running = ControllerSettings.standard
            running.filter.cutoffMilliHertz = 20_000
            #expect {
                try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            } throws: { error in
                (error as? ConfigError)?.message.contains("is a symbolic link") == true
            }
            #expect(try String(contentsOfFile: root + "/real.toml", encoding: .utf8) == "[filter]\ncutoff = 30\n")
        }
    }

    @Test func aKeyInAnInlineTableIsRefusedWithItsLine() throws {
        try withFiles(lab: nil, user: "filter = { kind = \"biquad\", cutoff = 30 }\n") { files, _ in
            var running = try files.load(sampleRateHz: 1000).settings
            running.filter.cutoffMilliHertz = 20_000
            #expect(throws: ConfigError(
                file: files.userFile, line: 1, key: "filter.cutoff",
                message: "cannot be rewritten: it is written inside an inline table; change it by hand")) {
                try ConfigSave.save(running, files: files, sampleRateHz: 1000)
            }
            #expect(try String(contentsOfFile: files.userFile, encoding: .utf8) == "filter = { kind = \"biquad\", cutoff = 30 }\n")
        }
    }

    @Test func editorKeepsATopLevelKeyAboveTheFirstTable() throws {
        var editor = ConfigTextEditor(text: "# header\n\n# thresholds\n[thresholds]\ntouch = 20\n", file: "x.toml")
        try editor.set("preset", to: "\"firm\"")
        #expect(editor.text == "# header\npreset = \"firm\"\n\n# thresholds\n[thresholds]\ntouch = 20\n")
        try editor.set("thresholds.touch", to: "\"25g\"")
        try editor.remove("preset")
        #expect(editor.text == "# header\n\n# thresholds\n[thresholds]\ntouch = \"25g\"\n")
    }

    @Test func editorKeepsACommentAfterAQuotedValueHoldingAHash() throws {
        var editor = ConfigTextEditor(text: "[haptics.patterns]\npop = \"on 20ms\"   # \"loud\" # really\n", file: "x.toml")
        try editor.set("haptics.patterns.pop", to: "\"on 15ms\"")
        #expect(editor.text == "[haptics.patterns]\npop = \"on 15ms\"   # \"loud\" # really\n")
        var multiLine = ConfigTextEditor(text: "[haptics.patterns]\npop = \"\"\"on 20ms\"\"\"\n", file: "x.toml")
        #expect(throws: ConfigError(
            file: "x.toml", line: 2, key: "haptics.patterns.pop",
            message: "cannot be rewritten: its value is a multi-line string; change it by hand")) {
            try multiLine.set("haptics.patterns.pop", to: "\"on 15ms\"")
        }
    }
}
