import ForcePadCore
import ForcePadLabFiles
import ForcePadHAL

/// Turns loop events into what the operator sees: one readable line, or one JSON object per
/// event as `interfaces.md` specifies (`{"t_us":…,"event":"press.peek","force_g":…}`).
/// Diagnostics (overruns, read errors) are not events for the console: they go to the log.
struct EventFormatter {
    /// Pattern names by id (``HapticPatternCatalog/names``).
    let patternNames: [String]
    let geometry: PadGeometry
    /// What a `sensor.lost` error names as the sensor's device, e.g. `/dev/i2c-1`.
    var sensorDevice = "the sensor"
    /// Whether the haptic line is the sim board's (or a replay's): timed, but no GPIO.
    var lineIsSimulated = true

    /// The event's JSON fields, or nil for a diagnostic. A stage carries `reference` as
    /// `reference_g` when one was measured at its frame; a stage's `haptic.on` carries
    /// `crossing` as `crossing_to_line_us` and `crossing_uncertainty_us` when it was measured.
    func json(_ event: LoopEvent, reference: Force? = nil, crossing: CrossingToLine? = nil) -> JSONValue? {
        switch event {
        case .press(let press):
            var fields: [(String, JSONValue)] = [("t_us", .int(press.timeMicros))]
            switch press {
            case .began(_, let force, let position):
                fields += [Self.name(.pressBegan), ("force_g", .grams(force)), ("x", .fractionQ16(position.x))]
                if case .grid = geometry { fields.append(("y", .fractionQ16(position.y))) }
            case .progress(_, let phase, let progress):
                fields += [Self.name(.pressProgress), ("phase", .string(phase.rawValue)), ("progress", .fractionQ16(progress))]
            case .peek(_, let force):
                fields += [Self.name(.pressPeek), ("force_g", .grams(force))]
                if let reference { fields.append(("reference_g", .grams(reference))) }
            case .pop(_, let force):
                fields += [Self.name(.pressPop), ("force_g", .grams(force))]
                if let reference { fields.append(("reference_g", .grams(reference))) }
            case .released(_, let stage):
                fields += [Self.name(.pressReleased), ("stage", .string(stage.rawValue))]
            case .cancelled(_, let reason):
                fields += [Self.name(.pressCancelled), ("reason", .string(reason.rawValue))]
            }
            return .object(fields)
        case .haptic(let haptic, let timing):
            var fields: [(String, JSONValue)] = [
                ("t_us", .int(haptic.timeMicros)), Self.name(haptic.isOn ? .hapticOn : .hapticOff),
                ("pattern", .string(patternName(haptic.pattern))), ("line", .string(lineState(timing))),
            ]
            if case .driven(let lineMicros, let stageMicros) = timing {
                fields.append(("line_us", .int(lineMicros)))
                if let stageMicros, let latency = timing.stageToLineMicros {
                    fields += [("stage_t_us", .int(stageMicros)), ("stage_to_line_us", .int(latency))]
                }
                if let crossing {
                    fields += [("crossing_to_line_us", .int(crossing.micros)), ("crossing_uncertainty_us", .int(crossing.uncertaintyMicros))]
                }
            }
            return .object(fields)
        case .quickAction(let menu):
            var fields: [(String, JSONValue)] = [("t_us", .int(menu.timeMicros))]
            switch menu {
            case .opened(_, let slots): fields += [Self.name(.menuOpened), ("slots", .int(Int64(slots)))]
            case .selected(_, let slot): fields += [Self.name(.menuSelected), ("slot", .int(Int64(slot)))]
            case .performed(_, let slot): fields += [Self.name(.menuPerformed), ("slot", .int(Int64(slot)))]
            case .dismissed(_, let reason): fields += [Self.name(.menuDismissed), ("reason", .string(reason.rawValue))]
            }
            return .object(fields)
        case .sensorLost(let at, let errno):
            return .object([("t_us", .int(at)), Self.name(.sensorLost), ("error", .string(sensorError(errno)))])
        case .sensorRestored(let at):
            return .object([("t_us", .int(at)), Self.name(.sensorRestored)])
        case .overrun, .readFailed, .hapticLineFailed, .simulationRefused:
            return nil
        }
    }

    /// A reading of the reference sensor as a recording keeps it: `reference.sample` with `reference_g`.
    static func json(_ sample: ReferenceSample) -> JSONValue {
        .object([("t_us", .int(sample.timeMicros)), Self.name(.referenceSample), ("reference_g", .grams(sample.force))])
    }

    /// A `stand.sample` line: the crosshead's travel from home (mm), and the stand's gauge
    /// reading with it (`force_g`) when the stand is watched by its own gauge.
    static func json(_ sample: StandSample) -> JSONValue {
        .object(
            [("t_us", .int(sample.timeMicros)), Self.name(.standSample), ("travel_mm", .decimal(sample.travel, places: 3))]
                + (sample.gaugeForce.map { [("force_g", .grams($0))] } ?? []))
    }

    /// E.g. `reading /dev/i2c-1 failed: No such device (ENODEV)`.
    private func sensorError(_ errno: Int32) -> String {
        "reading \(sensorDevice) failed: \(ErrnoText.describe(errno))"
    }

    /// The event as one readable line, or nil for a diagnostic; a stage shows `reference`
    /// when one was measured at its frame, a stage's `haptic.on` its `crossing`→line latency.
    func humanLine(_ event: LoopEvent, reference: Force? = nil, crossing: CrossingToLine? = nil) -> String? {
        let time: Int64
        let text: String
        switch event {
        case .press(let press):
            time = press.timeMicros
            switch press {
            case .began(_, let force, let position):
                text = "\(Self.column(.pressBegan))\(force) at \(positionText(position))"
            case .progress(_, let phase, let progress):
                text = "\(Self.column(.pressProgress))\(phase.rawValue) \(JSONValue.fractionQ16(progress).rendered())"
            case .peek(_, let force):
                text = "\(Self.column(.pressPeek))\(force)" + (reference.map { "  reference \($0)" } ?? "")
            case .pop(_, let force):
                text = "\(Self.column(.pressPop))\(force)" + (reference.map { "  reference \($0)" } ?? "")
            case .released(_, let stage):
                text = "\(Self.column(.pressReleased))stage \(stage.rawValue)"
            case .cancelled(_, let reason):
                text = "\(Self.column(.pressCancelled))\(reason.rawValue)"
            }
        case .haptic(let haptic, let timing):
            time = haptic.timeMicros
            let name = Self.column(haptic.isOn ? .hapticOn : .hapticOff)
            let line: String = switch timing {
            case .driven(let lineMicros, let stageMicros?):
                "\(lineState(timing)) line, stage→line \(lineMicros - stageMicros)us"
                    + (crossing.map { ", crossing→line \($0.micros)us ±\($0.uncertaintyMicros)us" } ?? "")
            case .driven(let lineMicros, nil): "\(lineState(timing)) line, \(lineMicros - haptic.timeMicros)us after the frame"
            case .notDriven, .dryRun: lineState(timing)
            }
            text = "\(name)\(patternName(haptic.pattern)) (\(line))"
        case .quickAction(let menu):
            time = menu.timeMicros
            switch menu {
            case .opened(_, let slots): text = "\(Self.column(.menuOpened))\(slots) slots"
            case .selected(_, let slot): text = "\(Self.column(.menuSelected))slot \(slot)"
            case .performed(_, let slot): text = "\(Self.column(.menuPerformed))slot \(slot)"
            case .dismissed(_, let reason): text = "\(Self.column(.menuDismissed))\(reason.rawValue)"
            }
        case .sensorLost(let at, let errno):
            time = at
            text = "\(Self.column(.sensorLost))\(sensorError(errno)); press cancelled, actuator off, retrying"
        case .sensorRestored(let at):
            time = at
            text = EventName.sensorRestored.rawValue
        case .overrun, .readFailed, .hapticLineFailed, .simulationRefused:
            return nil
        }
        return FixedDecimal.format(time, scale: 3).leftPadded(to: 10) + " ms  " + text
    }

    /// What the line did: `driven`, `simulated` (the sim board's line: the software path is
    /// timed, no GPIO), `not driven` (haptics off) or `dry-run`.
    private func lineState(_ timing: HapticLineTiming) -> String {
        switch timing {
        case .driven: lineIsSimulated ? "simulated" : "driven"
        case .notDriven: "not driven"
        case .dryRun: "dry-run"
        }
    }

    /// A measured edge of the haptic output (`haptic.edge`): `level` is the feedback line's
    /// level after the edge; a stage's edge has `t_us` of the stage's frame and
    /// `stage_to_edge_us` from it, any other edge `t_us` of the edge itself.
    func json(_ edge: HapticEdgeEvent) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("t_us", .int(edge.timeMicros)), Self.name(.hapticEdge), ("level", .int(edge.high ? 1 : 0)),
            ("edge_us", .int(edge.edgeMicros)),
        ]
        if let latency = edge.latencyMicros { fields.append(("stage_to_edge_us", .int(latency))) }
        return .object(fields)
    }

    /// A measured edge as one readable line.
    func humanLine(_ edge: HapticEdgeEvent) -> String {
        let direction = edge.high ? "rising" : "falling"
        let latency = edge.latencyMicros.map { " (stage→edge \($0)us, measured on the feedback wire)" } ?? ""
        let text = "\(Self.column(.hapticEdge))\(direction)\(latency)"
        return FixedDecimal.format(edge.timeMicros, scale: 3).leftPadded(to: 10) + " ms  " + text
    }

    /// The `event` field of an event's JSON object: its name from the one table (``EventName``).
    static func name(_ name: EventName) -> (String, JSONValue) {
        ("event", .string(name.rawValue))
    }

    /// An event's name as a readable line starts with it: padded to a column of 17 characters.
    static func column(_ name: EventName) -> String {
        name.rawValue + String(repeating: " ", count: max(1, 17 - name.rawValue.count))
    }

    /// The pattern's name (`peek`, `pop`, …; `test` for one played by `haptic test`).
    func patternName(_ id: HapticPatternID) -> String {
        Int(id.rawValue) < patternNames.count ? patternNames[Int(id.rawValue)] : "test"
    }

    private func positionText(_ position: PadPosition) -> String {
        switch geometry {
        case .strip: "x \(JSONValue.fractionQ16(position.x).rendered())"
        case .grid: "x \(JSONValue.fractionQ16(position.x).rendered()) y \(JSONValue.fractionQ16(position.y).rendered())"
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
