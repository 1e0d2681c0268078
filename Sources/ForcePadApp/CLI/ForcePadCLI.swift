import ArgumentParser
import ForcePadHAL
import Glibc

/// `forcepad`: the controller (default), `replay` and `probe`.
public struct ForcePadCLI: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "forcepad",
        abstract: "Force-sensing pad controller: peek and pop thresholds, haptics, a command shell.",
        discussion: "With no subcommand, runs the controller (see 'forcepad run --help'); with no arguments at all, on the simulated board with the shell on standard input and output.",
        version: "\(ForcePadVersion.current) (libgpiod v\(GPIOOutputLine.libgpiodAPIVersion) API)",
        subcommands: [RunCommand.self, ReplayCommand.self, ProbeCommand.self, ReferenceCommand.self],
        defaultSubcommand: RunCommand.self)

    public init() {}

    /// Parses the arguments, runs, and exits with ForcePad's codes: 0 normal end, 2 bad usage
    /// or bad config, 1 runtime failure.
    public static func runAndExit(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        // A reader that goes away must end the program through a write error, not kill it
        // with SIGPIPE before the loop has driven the haptic line off.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Self.exit()
        } catch let exit as ExitCode {
            Self.exit(withError: exit)
        } catch {
            let code = exitCode(for: error)
            if code == .success { Self.exit(withError: error) }
            let message = fullMessage(for: error)
            StandardError.write("forcepad: " + message)
            Self.exit(withError: code == .validationFailure ? ExitCode(2) : code)
        }
    }
}
