/// What counts the instructions a program executes: valgrind's callgrind for this machine's
/// programs, or qemu-user with the benchmark's instruction-counting plugin for another
/// architecture's (``QEMUInstructionCounter``).
enum InstructionCounter {
    case callgrind
    case qemu(QEMUInstructionCounter)

    /// All instructions `command` executes, run with `environment` (`NAME=value` entries) added
    /// to the benchmark's; the counter's output goes to `scratchPath`.
    func instructions(_ command: [String], environment: [String], scratchPath: String) throws(InstructionCount.Failure) -> Int64 {
        switch self {
        case .callgrind:
            let arguments = ["env"] + environment + ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(scratchPath)"] + command
            try Self.run(arguments, installHint: "; install it with: apt-get install valgrind")
            let summary: [Int64]
            do {
                summary = try ScratchFile.lines(scratchPath).compactMap { line in
                    line.hasPrefix("summary:") ? Int64(line.dropFirst("summary:".count).split(separator: " ").first ?? "") : nil
                }
            } catch {
                throw InstructionCount.Failure(description: error.description)
            }
            guard let total = summary.first else {
                throw InstructionCount.Failure(description: "\(scratchPath): no summary line from callgrind")
            }
            return total
        case .qemu(let counter):
            try Self.run(counter.arguments(command, environment: environment, outputPath: scratchPath), installHint: "")
            let lines: [Substring]
            do {
                lines = try ScratchFile.lines(scratchPath)
            } catch {
                throw InstructionCount.Failure(description: error.description)
            }
            guard let total = QEMUInstructionCounter.total(lines) else {
                throw InstructionCount.Failure(description: "\(scratchPath): no instructions line from the QEMU plugin")
            }
            return total
        }
    }

    /// Runs `arguments`; throws with the end of its output if it did not exit with status 0.
    private static func run(_ arguments: [String], installHint: String) throws(InstructionCount.Failure) {
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments, withInput: false)
        } catch {
            throw InstructionCount.Failure(description: error.description + installHint)
        }
        let (output, status) = child.finish()
        guard status == 0 else {
            let tail = output.split(separator: "\n").suffix(3).joined(separator: " / ")
            throw InstructionCount.Failure(description: "\(arguments.joined(separator: " ")) exited with status \(status): \(tail)")
        }
    }
}
