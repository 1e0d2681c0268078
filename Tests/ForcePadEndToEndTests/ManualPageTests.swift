import Foundation
import Testing

/// forcepad(1), the man page the packages install (`forcepad reference --format man`): what it
/// says about files, the environment, the guides and the command line, and how man shows it.
@Suite struct ManualPageTests {
    static func page() throws -> String {
        let result = try ForcePadProcess.run(["reference", "--format", "man", "--date", "2026-01-02"], lines: [])
        #expect(result.status == 0)
        return result.standardOutput
    }

    /// The lines of the page from `heading` (a `.SH` or `.SS` line) up to the next heading.
    static func lines(of page: String, from heading: String) -> [String] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix(".SH ") || $0.hasPrefix(".SS ") } ?? rest.endIndex
        return Array(rest[..<end])
    }

    /// The `.TP` entries of `lines`: each tag line and the text lines after it.
    static func entries(_ lines: [String]) -> [(tag: String, text: String)] {
        var entries: [(tag: String, text: String)] = []
        for (index, line) in lines.enumerated() where line == ".TP" && index + 1 < lines.count {
            let text = lines[(index + 2)...].prefix { !$0.hasPrefix(".") }
            entries.append((lines[index + 1], text.joined(separator: " ")))
        }
        return entries
    }

    /// Roff text as man shows it, without fonts, hyphenation marks and escapes.
    static func plain(_ roff: String) -> String {
        var text = roff
        for (escape, shown) in [(#"\fB"#, ""), (#"\fI"#, ""), (#"\fR"#, ""), (#"\%"#, ""), (#"\:"#, ""), (#"\&"#, ""), (#"\ "#, " "), (#"\-"#, "-"), (#"\e"#, "\\")] {
            text = text.replacingOccurrences(of: escape, with: shown)
        }
        return text
    }

    /// Every subcommand and every shell command has its section, in roff a man reader accepts
    /// (hyphens of options escaped, no line read as a request).
    @Test func hasEveryCommandLineAndShellCommand() throws {
        let page = try Self.page()
        #expect(page.hasPrefix(#".TH FORCEPAD 1 "2026-01-02" "ForcePad "#))
        for subcommand in ["run", "replay", "probe", "reference"] {
            #expect(page.contains("\n.SS forcepad \(subcommand)\n"), "no section for forcepad \(subcommand)")
        }
        let markdown = try ForcePadProcess.run(["reference"], lines: []).standardOutput
        let shellCommands = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }
        #expect(shellCommands.count > 20)
        for command in shellCommands {
            #expect(page.contains("\n.SS \(command)\n"), "no section for the shell command \(command)")
        }
        #expect(page.contains(#"\fB\-\-board\fR \fINAME|PATH\fR"#))
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        let requests = Set([".TH", ".SH", ".SS", ".PP", ".TP", ".RS", ".RE", ".nf", ".fi", ".na", ".ad", ".ti", ".B", ".br"])
        for line in lines where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains(String(line.split(separator: " ").first ?? "")), "not a request of the page: \(line)")
        }
    }

    /// /etc/forcepad/forcepad.toml is the lab's config, under every user's (docs/configuration.md,
    /// "Where settings come from"), not an example.
    @Test func filesCallsTheLabConfigWhatItIs() throws {
        let files = Self.entries(Self.lines(of: try Self.page(), from: ".SH FILES"))
        let lab = files.first { Self.plain($0.tag).hasPrefix("/etc/forcepad/forcepad.toml") }
        #expect(lab != nil, "no entry for /etc/forcepad/forcepad.toml in FILES: \(files)")
        let text = Self.plain(lab?.text ?? "")
        #expect(text.contains("The lab's config file"), "\(text)")
        #expect(text.contains("layered under each user's config file"), "\(text)")
        #expect(text.contains("CONFIGURATION_DIRECTORY, set for a systemd service, names its folder"), "\(text)")
        #expect(!text.contains("example"), "\(text)")
        let user = files.first { Self.plain($0.tag).hasPrefix("$XDG_CONFIG_HOME/forcepad/forcepad.toml") }
        let userText = Self.plain(user?.text ?? "")
        #expect(userText.contains("over the lab's"), "\(userText)")
    }

    /// ENVIRONMENT lists every variable forcepad reads (each `environment["NAME"]` or
    /// `getenv("NAME")` in the sources of the program; the bench is another program) and no other.
    @Test func environmentListsEveryVariableTheProgramReads() throws {
        let sources = ForcePadProcess.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        var read: Set<String> = []
        for file in files where file.pathExtension == "swift" && !file.path.contains("/Sources/ForcePadBench/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: #/(?:environment\[|getenv\()"([A-Z_]+)"/#) {
                read.insert(String(match.output.1))
            }
        }
        #expect(read.isSuperset(of: ["CONFIGURATION_DIRECTORY", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "FORCEPAD_BOARDS"]), "\(read)")
        let environment = Self.entries(Self.lines(of: try Self.page(), from: ".SH ENVIRONMENT"))
        var listed: Set<String> = []
        for entry in environment {
            for match in entry.tag.matches(of: #/\\fB(?:\\%)?([A-Z_]+)\\fR/#) { listed.insert(String(match.output.1)) }
            #expect(!entry.text.isEmpty, "\(entry.tag) says nothing")
        }
        #expect(listed == read)
    }

    /// SEE ALSO names every guide packaging/install.sh installs (each docs/*.md).
    @Test func seeAlsoNamesEveryShippedGuide() throws {
        let seeAlso = Self.plain(Self.lines(of: try Self.page(), from: ".SH SEE ALSO").joined(separator: " "))
        #expect(seeAlso.contains("/usr/share/doc/forcepad/"))
        let docs = try FileManager.default.contentsOfDirectory(atPath: ForcePadProcess.packageRoot.appendingPathComponent("docs").path)
        let guides = docs.filter { $0.hasSuffix(".md") }
        #expect(guides.count > 10)
        for guide in guides {
            #expect(seeAlso.contains(guide), "SEE ALSO does not name \(guide)")
        }
    }

    /// Each subcommand's section is its `--help` as man markup: the usage with options in bold
    /// and values in italics, its overview, and every argument and option as a `.TP` entry
    /// with the same words; no pasted help (OVERVIEW:, USAGE:) or unfilled lines.
    @Test(arguments: ["run", "replay", "probe", "reference"])
    func commandLineIsTheHelpAsManMarkup(subcommand: String) throws {
        let page = try Self.page()
        let section = Self.lines(of: page, from: ".SS forcepad \(subcommand)")
        #expect(!section.contains { $0.contains("OVERVIEW:") || $0.contains("USAGE:") || $0.contains("OPTIONS:") })
        #expect(!section.contains(".nf"))
        let help = try ForcePadProcess.run([subcommand, "--help"], lines: []).standardOutput
        let helpLines = help.split(separator: "\n").map(String.init)
        let usage = try #require(helpLines.first { $0.hasPrefix("USAGE: ") }).dropFirst("USAGE: ".count)
        #expect(section.contains { Self.plain($0) == usage.filter { $0 != "<" && $0 != ">" } }, "no usage line \(usage) in \(section)")
        #expect(section.contains { $0.contains(#"\fB\-\-board\fR\ \fINAME|PATH\fR"#) } || subcommand == "reference")
        let overview = try #require(helpLines.first { $0.hasPrefix("OVERVIEW: ") }).dropFirst("OVERVIEW: ".count)
        #expect(Self.plain(section.joined(separator: " ")).contains(overview))

        var options: [(synopsis: String, description: String)] = []
        for line in helpLines.drop(while: { $0 != "ARGUMENTS:" && $0 != "OPTIONS:" }) {
            if line.hasPrefix("  "), !line.hasPrefix("   ") {
                let columns = line.dropFirst(2).components(separatedBy: "  ")
                options.append((columns[0], columns.dropFirst().joined().trimmingCharacters(in: .whitespaces)))
            } else if line.hasPrefix("   "), let last = options.popLast() {
                let continued = line.trimmingCharacters(in: .whitespaces)
                options.append((last.synopsis, last.description.isEmpty ? continued : last.description + " " + continued))
            }
        }
        #expect(options.count >= 3)
        let entries = Self.entries(section)
        for option in options {
            let tag = option.synopsis.components(separatedBy: ", ").map { name in
                name.split(separator: " ").map { word in
                    word.hasPrefix("<")
                        ? #"\fI"# + word.dropFirst().dropLast() + #"\fR"#
                        : #"\fB"# + word.replacingOccurrences(of: "-", with: #"\-"#) + #"\fR"#
                }.joined(separator: " ")
            }.joined(separator: ", ")
            let entry = entries.first { $0.tag == tag }
            #expect(entry != nil, "no .TP entry \(tag) in \(entries.map(\.tag))")
            let text = Self.plain(entry?.text ?? "")
            #expect(text == option.description)
        }
        #expect(entries.count == options.count)
    }

    static var manIsInstalled: Bool {
        (try? ForcePadProcess.shell("command -v man").isEmpty == false) ?? false
    }

    /// As man shows it in an 80-column terminal: no line longer, no help pasted in. (make test
    /// installs man-db; the Swift 6.2 check's chroot has no man and skips this.)
    @Test(.enabled(if: manIsInstalled, "man is missing: apt-get install man-db"))
    func manShowsItWithinEightyColumns() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-\(UUID().uuidString).1")
        try Self.page().write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let shown = try ForcePadProcess.shell("MANWIDTH=80 MAN_KEEP_FORMATTING= man -l '\(file.path)' 2>&1")
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 300, "\(shown)")
        for line in lines {
            #expect(line.count <= 80, "\(line.count) columns: \(line)")
        }
        #expect(!shown.contains("OVERVIEW:") && !shown.contains("USAGE:"))
    }
}
