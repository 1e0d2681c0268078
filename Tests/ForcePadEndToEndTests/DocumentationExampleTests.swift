import Foundation
import Testing

/// The shell pipelines of docs/scripting.md and the lab guide, run as a user would run them:
/// the `… | forcepad` blocks from the package's folder with the built binary first on PATH. (The Python examples of
/// docs/scripting.md are run by the client's tests, clients/python/tests/test_docs.py.)
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
                "cd '\(ForcePadProcess.packageRoot.path)' && export PATH='\(bin)':$PATH XDG_STATE_HOME='\(scratch.path)' XDG_CONFIG_HOME='\(scratch.path)' CONFIGURATION_DIRECTORY='\(scratch.path)/etc'; \(pipeline) 2>/dev/null; echo \"exit $?\"")
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.last == "exit 0", "\(pipeline)")
            let answers = lines.filter { $0.hasPrefix("{\"ok\"") }
            #expect(!answers.isEmpty && answers.allSatisfy { $0.hasPrefix("{\"ok\":true") }, "\(pipeline): \(answers.filter { !$0.hasPrefix("{\"ok\":true") })")
        }
    }
}
