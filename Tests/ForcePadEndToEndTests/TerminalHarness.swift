import ForcePadHAL
import Foundation

/// The far end of a pseudo-terminal, for typing at the real binary like a person and
/// reading what it shows: the screen is the raw bytes received, escape sequences included.
final class TerminalHarness {
    private var terminal: PseudoTerminal
    /// Everything received so far.
    private(set) var screen: [UInt8] = []

    init() throws {
        terminal = try PseudoTerminal()
    }

    var subordinatePath: String { terminal.subordinatePath }

    /// What has been received, as text.
    var text: String { String(decoding: screen, as: UTF8.self) }

    /// Sends `text` in small pieces, reading what comes back in between, as a terminal
    /// program does (so neither side blocks on a full buffer).
    func type(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends raw bytes the same way.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + 1024, bytes.count)
            if case .timedOut(let written) = try terminal.write(bytes[offset..<end].span, timeoutMilliseconds: 2000) {
                offset += written
            } else {
                offset = end
            }
            try collect()
        }
    }

    /// Takes what has arrived (a bounded number of reads, so a chatty program cannot keep
    /// the harness from typing), waiting at most a millisecond for each.
    private func collect() throws {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for _ in 0..<16 {
            var span = buffer.mutableSpan
            guard case .received(let count) = try terminal.read(into: &span, timeoutMilliseconds: 1) else { return }
            screen += buffer[0..<count]
        }
    }

    /// Reads until `marker` appears after `from` bytes (or `timeout` passes); true if it did.
    @discardableResult
    func waitFor(_ marker: String, after from: Int = 0, timeout: TimeInterval = 10) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let needle = Array(marker.utf8)
        while Date() < deadline {
            if Self.contains(screen.dropFirst(from), needle) { return true }
            var buffer = [UInt8](repeating: 0, count: 4096)
            var span = buffer.mutableSpan
            switch try terminal.read(into: &span, timeoutMilliseconds: 50) {
            case .received(let count): screen += buffer[0..<count]
            case .timedOut: continue
            case .disconnected: usleep(20_000)
            }
        }
        return Self.contains(screen.dropFirst(from), needle)
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// The binary running with a terminal: either on its standard input/output, or on a serial
/// device path given with `--serial`.
final class RunningForcePad {
    let process = Process()
    let scratch: URL

    /// With `logOnTerminal`, standard error goes to the terminal as well, as when a person
    /// starts forcepad in one; otherwise to ``standardErrorFile`` (read it with
    /// ``standardErrorText``).
    /// `environment` is added to the test's own.
    init(
        arguments: [String], terminalForStandardIO: TerminalHarness?, logOnTerminal: Bool = false,
        environment extra: [String: String] = [:]
    ) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: standardErrorFile.path, contents: nil)
        process.executableURL = ForcePadProcess.binary
        process.arguments = arguments + ["--state-dir", scratch.path]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        environment["CONFIGURATION_DIRECTORY"] = scratch.appendingPathComponent("etc").path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        if let terminal = terminalForStandardIO {
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: terminal.subordinatePath))
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = logOnTerminal ? handle : try FileHandle(forWritingTo: standardErrorFile)
        } else {
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: standardErrorFile)
        }
        try process.run()
    }

    /// Where standard error goes unless it is the terminal.
    var standardErrorFile: URL { scratch.appendingPathComponent("stderr") }

    /// What the program has written to ``standardErrorFile`` so far.
    var standardErrorText: String {
        (try? String(contentsOf: standardErrorFile, encoding: .utf8)) ?? ""
    }

    /// Waits up to `timeout` for the program to end; its status, or nil if still running.
    func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func stop() {
        if process.isRunning { process.terminate() }
        _ = waitForExit(timeout: 5)
        try? FileManager.default.removeItem(at: scratch)
    }
}
