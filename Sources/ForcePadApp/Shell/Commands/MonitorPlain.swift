import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// `monitor plain`: plain numbers for programs that plot what they read (ttyplot,
/// feedgnuplot, gnuplot): one line per sample, fields separated by one space, forces in grams
/// with three decimals, no header unless asked (`# t_s total_g`). A sample is the frame at
/// each period of the rate, taken from every frame the loop reads (``LiveForceTap``); at the
/// board's sample rate every frame is a line. Lines written meanwhile (events) wait and
/// follow the stream, so it stays numbers only.
struct MonitorPlain {
    /// Total force, then the cells' (`cells`), or one cell (`cell N`) instead of the total.
    var fields: [PlotQuantity] = [.total]
    var withTime = false
    var header = false
    var rateMilliHertz: Int64 = 20_000
    var durationMicros: Int64?

    /// Reads the words after `monitor plain`.
    init(_ arguments: inout ArgumentCursor, cellCount: Int, sampleRateHz: Int) throws(CommandFailure) {
        while !arguments.isAtEnd {
            if arguments.accept("total") {
                fields = [.total]
            } else if arguments.accept("cells") {
                fields = [.total] + (0..<cellCount).map { .cell($0) }
            } else if arguments.accept("cell") {
                let word = try arguments.word("cell number")
                guard let index = Int(word), index >= 0, index < cellCount else {
                    throw CommandFailure("cell '\(word)' must be a number from 0 to \(cellCount - 1)")
                }
                fields = [.cell(index)]
            } else if arguments.accept("time") {
                withTime = true
            } else if arguments.accept("header") {
                header = true
            } else if arguments.accept("for") {
                durationMicros = try arguments.durationMicros("duration")
            } else {
                rateMilliHertz = try arguments.frequencyMilliHertz("rate")
            }
        }
        let limit = Int64(sampleRateHz) * 1000
        guard rateMilliHertz >= 100, rateMilliHertz <= limit else {
            throw CommandFailure("rate \(QuantityText.frequency(rateMilliHertz)) must be from 0.1Hz to \(QuantityText.frequency(limit)) (the board's sample rate)")
        }
    }

    /// The header line: the fields' names after a `#`.
    var headerLine: String {
        "# " + ((withTime ? ["t_s"] : []) + fields.map { $0 == .total ? "total_g" : "cell\($0.index)_g" }).joined(separator: " ")
    }

    /// The line of `frame`.
    func line(_ frame: ForceFrame) -> String {
        var values = withTime ? [FixedDecimal.format(frame.timeMicros, scale: 6)] : []
        for field in fields { values.append(FixedDecimal.format(field.milligrams(of: frame), scale: 3)) }
        return values.joined(separator: " ")
    }

    /// Streams until a key (or the duration of loop time from the first sample) ends it.
    func run(_ context: ShellContext) throws(CommandFailure) -> CommandReply {
        guard context.mode == .human else { throw CommandFailure("monitor plain prints numbers, not JSON; in JSON mode use monitor json") }
        guard durationMicros != nil || context.keyPressed != nil else {
            throw CommandFailure("from a pipe, monitor plain needs an end: add 'for DURATION' (e.g. monitor plain for 10s)")
        }
        let output = context.controller.consoleOutput
        let tap = context.services.liveForces
        let period = 1_000_000_000 / rateMilliHertz
        var nextMicros: Int64?
        var endMicros: Int64?
        var samples = 0
        var lost: UInt64 = 0
        let viewer = tap.begin()
        output.hold(drawing: header ? headerLine + output.newline : "", leaving: "")
        defer {
            tap.end(viewer)
            output.release()
        }
        streaming: while true {
            let batch = tap.take(viewer)
            lost += batch.droppedFrames
            var lines: [String] = []
            for frame in batch.frames {
                let due = nextMicros ?? frame.timeMicros
                if endMicros == nil, let durationMicros { endMicros = frame.timeMicros + durationMicros }
                if let endMicros, frame.timeMicros >= endMicros { break }
                guard frame.timeMicros >= due else { continue }
                lines.append(line(frame))
                nextMicros = due + period * ((frame.timeMicros - due) / period + 1)
            }
            samples += lines.count
            if !lines.isEmpty { output.draw(lines.map { $0 + output.newline }.joined()) }
            if let endMicros, let last = batch.frames.last, last.timeMicros >= endMicros { break streaming }
            if context.interruptiblePause(micros: 20_000).interrupted { break }
        }
        let dropped = lost > 0 ? "; \(CountText.of(Int(lost), "frame")) lost on the way" : ""
        return CommandReply(
            lines: ["monitor plain stopped after \(CountText.of(samples, "sample"))\(dropped)"],
            fields: [("samples", .int(Int64(samples))), ("lost_frames", .int(Int64(lost)))])
    }
}

extension PlotQuantity {
    /// The cell's index; 0 for the total.
    fileprivate var index: Int {
        if case .cell(let index) = self { return index }
        return 0
    }
}
