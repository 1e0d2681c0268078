import Foundation

/// Runs the built `forcepad` binary with arguments and standard input, like a user at a shell.
struct ForcePadProcess {
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
        var outputLines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The binary next to this test bundle (both are products of the same build).
    static var binary: URL {
        let testBinary = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        return testBinary.deletingLastPathComponent().appendingPathComponent("forcepad")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `forcepad arguments…` with `input` on standard input, a private state dir, config
    /// home and lab config directory, and `environment` added, and waits up to `timeout` seconds.
    static func run(
        _ arguments: [String], input: Data, timeout: TimeInterval = 30, signal: (number: Int32, after: TimeInterval)? = nil,
        environment extra: [String: String] = [:]
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = scratch.appendingPathComponent("state").path
        environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        environment["CONFIGURATION_DIRECTORY"] = scratch.appendingPathComponent("etc").path
        environment.merge(extra) { _, added in added }
        process.environment = environment
        let outputFile = scratch.appendingPathComponent("stdout"), errorFile = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        stdin.fileHandleForWriting.write(input)
        if let signal {
            // Keep standard input open so only the signal can end the program.
            Thread.sleep(forTimeInterval: signal.after)
            kill(process.processIdentifier, signal.number)
            let exitBy = Date().addingTimeInterval(5)
            while process.isRunning && Date() < exitBy { usleep(10_000) }
        }
        try stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            throw TimeoutError(arguments: arguments)
        }
        let outputData = try Data(contentsOf: outputFile), errorData = try Data(contentsOf: errorFile)
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    static func run(_ arguments: [String], lines: [String], environment: [String: String] = [:]) throws -> Result {
        try run(arguments, input: Data(lines.map { $0 + "\n" }.joined().utf8), environment: environment)
    }

    struct TimeoutError: Error {
        let arguments: [String]
    }
}

extension ForcePadProcess {
    /// Runs `command` with /bin/sh and returns its standard output (for checks with standard tools).
    static func shell(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
