import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// `monitor plot`: force against time in braille, drawn on the whole terminal from every
/// frame (``LiveForceTap``) and kept up to date by sending only what changed
/// (``ScreenUpdate``). Frames go out at most at the rate asked for, and never faster than
/// three quarters of what the line carries (a serial console's baud ÷ 10 bytes a second):
/// after a frame of n bytes the next waits n ÷ that rate. Lines written meanwhile (events)
/// wait and follow the plot. From a pipe it draws once, at the end, as plain lines.
struct MonitorPlot {
    var quantity = PlotQuantity.total
    var trigger: PlotMarks?
    /// Loop time across the plot (µs); 5 s for a sweep, 1 s for a scope unless given.
    var spanMicros: Int64?
    var rateMilliHertz: Int64 = 10_000
    var size: TerminalSize?
    var durationMicros: Int64?

    /// Leave the screen it was on, hide the cursor, clear.
    static let enterScreen = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Show the cursor, back to the screen it was on.
    static let leaveScreen = "\u{1B}[?25h\u{1B}[?1049l"
    /// Share of the line's bytes a second the plot may use (per mille).
    static let lineSharePerMille: Int64 = 750

    /// Reads the words after `monitor plot`.
    init(_ arguments: inout ArgumentCursor, cellCount: Int) throws(CommandFailure) {
        while !arguments.isAtEnd {
            if arguments.accept("total") {
                quantity = .total
            } else if arguments.accept("cell") {
                let word = try arguments.word("cell number")
                guard let index = Int(word), index >= 0, index < cellCount else {
                    throw CommandFailure("cell '\(word)' must be a number from 0 to \(cellCount - 1)")
                }
                quantity = .cell(index)
            } else if arguments.accept("scope") {
                trigger = arguments.accept("peek") ? .peek : arguments.accept("pop") ? .pop : [.peek, .pop]
            } else if arguments.accept("span") {
                spanMicros = try arguments.durationMicros("span")
            } else if arguments.accept("size") {
                size = try Self.size(arguments.word("size (COLUMNSxROWS)"))
            } else if arguments.accept("for") {
                durationMicros = try arguments.durationMicros("duration")
            } else {
                rateMilliHertz = try arguments.frequencyMilliHertz("rate")
            }
        }
        guard rateMilliHertz >= 100, rateMilliHertz <= 25_000 else {
            throw CommandFailure("rate \(QuantityText.frequency(rateMilliHertz)) must be from 0.1Hz to 25Hz")
        }
    }

    /// `120x40` as a terminal size, at least the plot's smallest.
    static func size(_ text: String) throws(CommandFailure) -> TerminalSize {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= ForcePlotRenderer.minimumWidth, parts[0] <= 1000,
            parts[1] >= ForcePlotRenderer.minimumHeight, parts[1] <= 500
        else {
            throw CommandFailure("size '\(text)' must be COLUMNSxROWS, at least \(ForcePlotRenderer.minimumWidth)x\(ForcePlotRenderer.minimumHeight)")
        }
        return TerminalSize(columns: parts[0], rows: parts[1])
    }

    /// Runs the plot until a key (or the duration) ends it; the closing line names the
    /// frames drawn and the bytes a second sent.
    func run(_ context: ShellContext) throws(CommandFailure) -> CommandReply {
        guard context.mode == .human else { throw CommandFailure("monitor plot draws for a person; in JSON mode use monitor json") }
        let interactive = context.keyPressed != nil
        guard durationMicros != nil || interactive else {
            throw CommandFailure("from a pipe, monitor plot needs an end: add 'for DURATION' (e.g. monitor plot for 2s)")
        }
        var terminal = size ?? context.terminalSize?() ?? .standard
        guard Self.fits(terminal) else {
            throw CommandFailure("the terminal is \(terminal.columns)x\(terminal.rows); the plot needs at least \(ForcePlotRenderer.minimumWidth)x\(ForcePlotRenderer.minimumHeight)")
        }
        let controller = context.controller
        var (renderer, plot) = makePlot(terminal, sampleRateHz: controller.board.sampleRateHz)
        var lostBeforeResize: UInt64 = 0
        let output = controller.consoleOutput
        let tap = context.services.liveForces
        let clock = MonotonicClock()
        let budget = output.lineBytesPerSecond.map { Int64($0) * Self.lineSharePerMille / 1000 }
        let framePeriod = 1_000_000_000 / rateMilliHertz
        var shown: [String]?
        var frames = 0
        var bytes: Int64 = 0
        let viewer = tap.begin()
        defer { tap.end(viewer) }
        if interactive { output.hold(drawing: Self.enterScreen, leaving: Self.leaveScreen) }
        let started = clock.nowMicros()
        var elapsed: Int64 = 0
        while durationMicros.map({ elapsed < $0 }) ?? true {
            // A terminal emulator's window resized: the plot starts again at the new size, on a cleared screen.
            var clear = ""
            if interactive, size == nil, let now = context.kernelTerminalSize?(), now != terminal, Self.fits(now) {
                terminal = now
                lostBeforeResize += plot.droppedFrames
                (renderer, plot) = makePlot(terminal, sampleRateHz: controller.board.sampleRateHz)
                shown = nil
                clear = "\u{1B}[2J"
            }
            plot.take(tap.take(viewer))
            let rate = elapsed > 0 ? bytes * 1_000_000 / elapsed : 0
            let rows = renderer.rows(scene(of: plot, settings: controller.settings, bytesPerSecond: rate, held: output.heldLineCount()))
            var wait = framePeriod
            if interactive {
                let update = clear + ScreenUpdate.text(from: shown, to: rows)
                output.draw(update)
                shown = rows
                frames += 1
                bytes += Int64(update.utf8.count)
                if let budget { wait = max(wait, Int64(update.utf8.count) * 1_000_000 / max(budget, 1)) }
            } else {
                shown = rows
            }
            if let durationMicros { wait = min(wait, max(durationMicros - elapsed, 0)) }
            let paused = context.interruptiblePause(micros: wait)
            elapsed = clock.nowMicros() - started
            if paused.interrupted { break }
        }
        let perSecond = elapsed > 0 ? bytes * 1_000_000 / elapsed : 0
        if interactive {
            output.release()
        } else {
            output.write(lines: shown ?? [])
            frames = 1
        }
        let line = output.lineBytesPerSecond.map { " (the line carries \(Self.rate($0)))" } ?? ""
        let lostFrames = lostBeforeResize + plot.droppedFrames
        let lost = lostFrames > 0 ? "; \(CountText.of(Int(lostFrames), "frame")) lost" : ""
        return CommandReply(
            lines: [
                "monitor plot stopped after \(CountText.of(frames, "frame")): \(bytes) bytes in \(QuantityText.duration(elapsed / 1000 * 1000)), \(Self.rate(Int(perSecond)))\(line), \(terminal.columns)x\(terminal.rows)\(lost)"
            ],
            fields: [
                ("frames", .int(Int64(frames))), ("bytes", .int(bytes)), ("bytes_per_second", .int(perSecond)),
                ("columns", .int(Int64(terminal.columns))), ("rows", .int(Int64(terminal.rows))), ("lost_frames", .int(Int64(lostFrames))),
            ])
    }

    /// Whether the plot can be drawn on a terminal of `terminal`'s size.
    static func fits(_ terminal: TerminalSize) -> Bool {
        terminal.columns >= ForcePlotRenderer.minimumWidth && terminal.rows >= ForcePlotRenderer.minimumHeight
    }

    /// A renderer for `terminal` and an empty plot on it: the span at least a frame per dot column.
    private func makePlot(_ terminal: TerminalSize, sampleRateHz: Int) -> (ForcePlotRenderer, LivePlot) {
        let renderer = ForcePlotRenderer(width: terminal.columns, height: terminal.rows)
        let periodMicros = 1_000_000 / Int64(sampleRateHz)
        let span = max(spanMicros ?? (trigger == nil ? 5_000_000 : 1_000_000), periodMicros * Int64(renderer.dotColumns))
        let plot = LivePlot(
            renderer: renderer, quantity: quantity,
            trigger: trigger.map { ScopeTrigger(marks: $0, preColumns: renderer.dotColumns / 4) }, spanMicros: span)
        return (renderer, plot)
    }

    /// `2.3kB/s` (a decimal kilobyte is 1000 bytes) or `950B/s`.
    static func rate(_ bytesPerSecond: Int) -> String {
        bytesPerSecond >= 1000 ? FixedDecimal.format(Int64(bytesPerSecond / 100), scale: 1) + "kB/s" : "\(bytesPerSecond)B/s"
    }

    /// What `plot` draws now: its header, and the thresholds (solid) with their release
    /// levels (dotted) from `settings`.
    private func scene(of plot: LivePlot, settings: ControllerSettings, bytesPerSecond: Int64, held: Int) -> ForcePlotScene {
        let thresholds = settings.thresholds, hysteresis = settings.hysteresis
        var levels: [PlotLevel] = []
        for (name, threshold, band) in [("pop", thresholds.pop, hysteresis.pop), ("peek", thresholds.peek, hysteresis.peek), ("touch", thresholds.touch, hysteresis.touch)] {
            let milligrams = Int64(threshold.milligrams)
            levels.append(PlotLevel(milligrams: milligrams, solid: true, label: "\(name) \((milligrams + 500) / 1000)g"))
            levels.append(PlotLevel(milligrams: milligrams - Int64(band.milligrams), solid: false))
        }
        let value = plot.latestMilligrams.map { "\(Force(milligrams: Int32(clamping: $0)))" } ?? "-"
        let mode = plot.trigger.map { trigger in
            plot.frozen.map { "scope on \(trigger.name): \(CountText.of(plot.triggers, "trigger")), the last at \(QuantityText.duration($0.triggerMicros / 1000 * 1000))" }
                ?? "scope on \(trigger.name): waiting"
        } ?? "sweep"
        let waiting = held > 0 ? "  \(CountText.of(held, "line")) after it" : ""
        return plot.scene(
            header: "\(plot.quantity.name) \(value)  \(mode), \(QuantityText.duration(plot.spanMicros)) across  \(Self.rate(Int(bytesPerSecond)))\(waiting)  any key ends",
            levels: levels, topMilligrams: Int64(settings.forceScale.maximum.milligrams))
    }
}
