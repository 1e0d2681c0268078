import ForcePadCore
import ForcePadShell

/// The IEEE 488.2 common commands a bench instrument answers, so VISA tools (PyVISA,
/// pymeasure, LabVIEW) can identify, reset and synchronise with ForcePad. Their names are
/// matched without regard to case (`*idn?` works too). In human mode `*IDN?` and `*OPC?`
/// answer one plain line and `*RST` none, as those tools expect; in JSON mode they answer
/// like every other command.
extension ShellCommand where Context == ShellContext {
    static var identify: Self {
        ShellCommand(
            name: "*IDN?", usage: ["*IDN?"],
            summary: "identify the instrument: maker, model (the board), serial number, version",
            details: [
                "Answers ForcePad,BOARD,SERIAL,VERSION (IEEE 488.2): SERIAL is the Raspberry Pi's serial number",
                "(/proc/device-tree/serial-number, /sys/firmware/devicetree/base/serial-number or the Serial",
                "line of /proc/cpuinfo), or 0 where none can be read.",
            ],
            examples: ["*IDN?"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            let controller = context.controller
            let model = String(controller.board.name.map { $0 == "," || $0.isNewline ? "_" : $0 })
            let fields = ["ForcePad", model, controller.serialNumber, ForcePadVersion.current]
            let line = fields.joined(separator: ",")
            return CommandReply(lines: [line], fields: [
                ("idn", .string(line)), ("manufacturer", .string(fields[0])), ("model", .string(fields[1])),
                ("serial", .string(fields[2])), ("version", .string(fields[3])),
            ])
        }
    }

    static var reset: Self {
        ShellCommand(
            name: "*RST", usage: ["*RST"],
            summary: "reset: settings as at start, recording stopped, simulated pad released",
            details: [
                "Stops the test stand (boards with [stand]) and a recording or trial in progress (its files are",
                "kept, as by record stop), releases the simulated pad (ending a trace being played), and puts",
                "back the thresholds, preset, hysteresis,",
                "filter, haptic line and patterns and log level of the board and config file at start.",
                "Calibration, zeros, shortcuts, recordings and this console's mode and echo are kept.",
                "No answer in human mode (IEEE 488.2); errors are reported as usual.",
            ],
            examples: ["*RST"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            let stopped = try context.controller.reset()
            return CommandReply(lines: [], fields: [("stopped_recording", stopped.map { .string($0) } ?? .null)])
        }
    }

    static var operationComplete: Self {
        ShellCommand(
            name: "*OPC?", usage: ["*OPC?"],
            summary: "answer 1 once every command sent before has completed",
            details: [
                "The shell runs one command at a time; *OPC? also waits, at most 60s, for what commands",
                "left running: a trace the simulated pad plays (sim play) and a haptic pattern (haptic test),",
                "and prints their events before it answers 1. A slide started by sim press … at is not waited for.",
            ],
            examples: ["sim play press.csv", "*OPC?"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            try context.controller.waitForPendingOperations(timeoutMicros: 60_000_000)
            return CommandReply(lines: ["1"], fields: [("complete", .int(1))])
        }
    }
}
