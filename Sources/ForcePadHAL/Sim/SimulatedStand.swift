import ForcePadCore

/// The simulated stand's state machine, both protocols: what it answers to each command and
/// real-time byte, and how its crosshead moves (``SimulatedCrosshead``) and presses the pad
/// through its spring (``SimulatedStandSettings/force(atTravel:)``). Pure but for the time it
/// is given; ``SimulatedStandServer`` puts it on a pseudo-terminal.
///
/// ESM303 (``ESM303Protocol``): the travel readout is the position less where `z` was sent;
/// `u` stops at the upper limit (`h`, or the top of the stroke, reported `UL`), `d` at the
/// lower (`g`); its alarm is its gauge's overload (`OVER`).
/// G-code (``GCodeProtocol``): `$H` finds the top switch, machine Z is −position; `!` holds
/// (`Hold:1` while decelerating, `Hold:0` once still); Ctrl-X resets (an alarm 3 if moving).
public struct SimulatedStand: Sendable {
    /// How fast homing moves (µm/s): 500 mm/min.
    static let homingSpeed = 500_000.0 / 60
    public let model: StandModel
    public let settings: SimulatedStandSettings
    public private(set) var crosshead: SimulatedCrosshead
    public var fault: SimulatedStandFault = .none
    /// When each stop (`s`, `!`, Ctrl-X) was received (µs, the caller's clock), oldest first;
    /// the last ``keptStopTimes`` of them.
    public private(set) var stopTimesMicros: [Int64] = []
    static let keptStopTimes = 256
    private var zero = 0.0
    private var speed = 100_000.0 / 60
    private var lowerLimit: Double?
    private var upperLimit: Double?
    private var homing = false
    private var holding = false
    private var alarm: Int?
    private var pendingLine: [UInt8] = []

    /// A stand whose crosshead starts `startTravel` µm below its top switch.
    public init(model: StandModel, settings: SimulatedStandSettings, startTravel: Int64 = 1_000) {
        self.model = model
        self.settings = settings
        crosshead = SimulatedCrosshead(position: Double(startTravel), acceleration: Double(settings.acceleration))
    }

    /// The travel below the top switch (µm).
    public var travel: Int64 { Int64(crosshead.position.rounded()) }

    /// What the plunger puts on the pad now, with any overshoot fault.
    public var force: Force {
        var force = settings.force(atTravel: travel)
        if case .overshoot(let extra) = fault { force.milligrams = force.milligrams &+ extra.milligrams }
        return force
    }

    /// Moves time on by `seconds`; what the stand says by itself (an alarm, homing done).
    public mutating func advance(seconds: Double) -> [String] {
        var said: [String] = []
        if fault == .alarm, alarm == nil {
            alarm = 1
            crosshead.freeze()
            if model == .gcode { said.append("ALARM:1") }
        }
        crosshead.advance(seconds: seconds)
        if homing, !crosshead.isMoving {
            homing = false
            zero = 0
            if model == .gcode { said.append("ok") }
        }
        return fault == .silent ? [] : said
    }

    /// Takes `bytes` received at `nowMicros`; returns the answer lines.
    public mutating func receive(_ bytes: some Collection<UInt8>, nowMicros: Int64) -> [String] {
        var answers: [String] = []
        for byte in bytes {
            if model == .gcode, let answer = realTime(byte, nowMicros: nowMicros) {
                answers += answer
                continue
            }
            if byte == 0x0D || byte == 0x0A {
                if !pendingLine.isEmpty { answers += line(String(decoding: pendingLine, as: UTF8.self), nowMicros: nowMicros) }
                pendingLine.removeAll()
            } else if pendingLine.count < 128 {
                pendingLine.append(byte)
            }
        }
        return fault == .silent ? [] : answers
    }

    /// A G-code real-time byte's answer; nil for a byte of a line.
    private mutating func realTime(_ byte: UInt8, nowMicros: Int64) -> [String]? {
        switch byte {
        case GCodeProtocol.statusQuery:
            return [gcodeStatus()]
        case GCodeProtocol.feedHold:
            noteStop(nowMicros)
            if crosshead.isMoving, !homing { holding = true; crosshead.halt() }
            return []
        case GCodeProtocol.softReset:
            noteStop(nowMicros)
            if crosshead.velocity != 0 { alarm = 3 }
            crosshead.freeze()
            homing = false
            holding = false
            pendingLine.removeAll()
            return ["", "Grbl 1.1h ['$' for help]"]
        default:
            return nil
        }
    }

    private mutating func noteStop(_ nowMicros: Int64) {
        if stopTimesMicros.count >= Self.keptStopTimes { stopTimesMicros.removeFirst() }
        stopTimesMicros.append(nowMicros)
    }

    private mutating func line(_ text: String, nowMicros: Int64) -> [String] {
        model == .gcode ? gcodeLine(text) : esm303Line(text, nowMicros: nowMicros)
    }

    private func gcodeStatus() -> String {
        let state: String
        if alarm != nil { state = "Alarm" }
        else if homing { state = "Home" }
        else if holding { state = crosshead.velocity != 0 ? "Hold:1" : "Hold:0" }
        else { state = crosshead.isMoving ? "Run" : "Idle" }
        let z = StandTravelText.fixed(-travel, decimals: 3, width: 1)
        return "<\(state)|MPos:0.000,0.000,\(z)|FS:\(Int(abs(crosshead.velocity) * 60 / 1000)),0>"
    }

    private mutating func gcodeLine(_ text: String) -> [String] {
        let upper = text.uppercased().filter { $0 != " " }
        if upper == "$H" {
            alarm = nil
            if fault == .alarm { fault = .none }
            homing = true
            holding = false
            crosshead.go(to: 0, speed: Self.homingSpeed)
            return []
        }
        if upper == "$X" { alarm = nil; return ["ok"] }
        if upper == "G21G90" || upper == "G90G21" { return ["ok"] }
        guard upper.hasPrefix("G1Z"), let feed = upper.firstIndex(of: "F"),
            let z = StandTravelText.micrometres(upper[upper.index(upper.startIndex, offsetBy: 3)..<feed]),
            let rate = StandTravelText.micrometres(upper[upper.index(after: feed)...])
        else { return ["error:20"] }
        guard alarm == nil else { return ["error:9"] }
        holding = false
        crosshead.go(to: Double(-z), speed: Double(rate) / 60)
        return ["ok"]
    }

    private mutating func esm303Line(_ text: String, nowMicros: Int64) -> [String] {
        guard let letter = text.first else { return [] }
        let argument = text.dropFirst()
        switch letter {
        case "i", "l": return []
        case "z": zero = crosshead.position; return []
        case "e": if let value = StandTravelText.micrometres(argument) { speed = Double(value) / 60 }; return []
        case "g": lowerLimit = StandTravelText.micrometres(argument).map(Double.init); return []
        case "h": upperLimit = StandTravelText.micrometres(argument).map(Double.init); return []
        case "d":
            guard alarm == nil else { return [] }
            crosshead.go(to: lowerLimit.map { $0 + zero } ?? SimulatedCrosshead.bottom, speed: speed)
            return []
        case "u":
            guard alarm == nil else { return [] }
            crosshead.go(to: upperLimit.map { $0 + zero } ?? 0, speed: speed)
            return []
        case "s": noteStop(nowMicros); crosshead.halt(); return []
        case "p": return [esm303Status()]
        case "x": return [StandTravelText.fixed(Int64((crosshead.position - zero).rounded()), decimals: 2, width: 1)]
        case "?": return [alarm != nil ? "OVER" : FixedDecimal.format(Int64(force.milligrams), scale: 3) + " gF"]
        default: return ["*10"]
        }
    }

    private func esm303Status() -> String {
        var codes = [crosshead.velocity > 0 ? "D" : crosshead.velocity < 0 ? "U" : "S", "L"]
        if crosshead.position <= 0 { codes.append("UL") }
        if crosshead.position >= SimulatedCrosshead.bottom { codes.append("DL") }
        return codes.joined(separator: ",")
    }
}
