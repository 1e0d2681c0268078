import ArgumentParser

/// `forcepad probe`: checks the board's devices. Not available in this version.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Check that the board's ADCs, haptic line and serial port answer (not available in this version).")

    @OptionGroup var boardOption: BoardOption

    func run() throws {
        _ = try boardOption.load()
        StandardError.write("forcepad: probe is not available in this version: it needs the I2C and GPIO drivers; 'forcepad --board sim' runs the simulated pad")
        throw ExitCode(2)
    }
}
