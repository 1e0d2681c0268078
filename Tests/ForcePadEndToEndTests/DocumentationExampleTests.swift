import Foundation
import Testing

/// The examples of docs/scripting.md and the lab guide, run as a user would run them: the
/// `… | forcepad` pipelines with the built binary first on PATH, and the pyserial script
/// against `forcepad --serial` over two pseudo-terminals linked by socat.
@Suite(.serialized) struct DocumentationExampleTests {
    static func document(_ name: String) throws -> String {
        try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("docs/\(name)"), encoding: .utf8)
    }

    /// The code blocks of `text` that open with "```" + `language` ("" for plain blocks).
    static func blocks(_ text: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: (language: String, lines: [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```") {
                current = (String(line.dropFirst(3)), [])
            } else if let block = current, line == "```" {
                if block.language == language { blocks.append(block.lines.joined(separator: "\n")) }
                current = nil
            } else {
                current?.lines.append(String(line))
            }
        }
        return blocks
    }

    @Test(arguments: ["scripting.md", "lab-guide.md"])
    func everyPipelineRuns(document: String) throws {
        let pipelines = try Self.blocks(Self.document(document), language: "").filter { $0.hasSuffix("| forcepad") }
        #expect(!pipelines.isEmpty)
        for pipeline in pipelines {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-doc-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let bin = ForcePadProcess.binary.deletingLastPathComponent().path
            let output = try ForcePadProcess.shell(
                "export PATH='\(bin)':$PATH XDG_STATE_HOME='\(scratch.path)' XDG_CONFIG_HOME='\(scratch.path)' CONFIGURATION_DIRECTORY='\(scratch.path)/etc'; \(pipeline) 2>/dev/null; echo \"exit $?\"")
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.last == "exit 0", "\(pipeline)")
            let answers = lines.filter { $0.hasPrefix("{\"ok\"") }
            #expect(!answers.isEmpty && answers.allSatisfy { $0.hasPrefix("{\"ok\":true") }, "\(pipeline): \(answers.filter { !$0.hasPrefix("{\"ok\":true") })")
        }
    }

    @Test func thePyserialScriptReadsEachAnswerInTurn() throws {
        let script = try #require(Self.blocks(Self.document("scripting.md"), language: "python").first)
        #expect(script.contains("\"/dev/ttyUSB0\""))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let shell = scratch.appendingPathComponent("ports").path, host = scratch.appendingPathComponent("host").path
        let socat = Process()
        socat.executableURL = URL(fileURLWithPath: "/usr/bin/socat")
        socat.arguments = ["pty,raw,echo=0,link=\(shell)", "pty,raw,echo=0,link=\(host)"]
        socat.standardInput = FileHandle.nullDevice
        socat.standardOutput = FileHandle.nullDevice
        socat.standardError = FileHandle.nullDevice
        try socat.run()
        // Killed: a process started from the test runner inherits its blocked SIGTERM.
        defer {
            kill(socat.processIdentifier, SIGKILL)
            socat.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(5)
        while !(FileManager.default.fileExists(atPath: shell) && FileManager.default.fileExists(atPath: host)) && Date() < deadline {
            usleep(10_000)
        }
        let forcepad = Process()
        forcepad.executableURL = ForcePadProcess.binary
        forcepad.arguments = ["--serial", shell, "--state-dir", scratch.appendingPathComponent("state").path, "--no-rt"]
        forcepad.standardInput = FileHandle.nullDevice
        forcepad.standardOutput = FileHandle.nullDevice
        forcepad.standardError = FileHandle.nullDevice
        try forcepad.run()
        defer {
            kill(forcepad.processIdentifier, SIGKILL)
            forcepad.waitUntilExit()
        }
        usleep(500_000)
        let path = scratch.appendingPathComponent("example.py")
        try script.replacingOccurrences(of: "\"/dev/ttyUSB0\"", with: "\"\(host)\"").write(to: path, atomically: true, encoding: .utf8)
        let output = try ForcePadProcess.shell("/usr/bin/python3 '\(path.path)' 2>&1; echo \"exit $?\"")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.last == "exit 0", "\(output)")
        #expect(lines.contains { $0.hasPrefix("press.peek fired at ") }, "\(output)")
        #expect(lines.contains { $0.hasPrefix("press.pop fired at ") }, "\(output)")
        #expect(lines.contains { $0.hasPrefix("haptic peek stage→line ") }, "\(output)")
    }
}
