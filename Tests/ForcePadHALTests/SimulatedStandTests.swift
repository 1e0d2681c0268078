import ForcePadCore
import Testing

@testable import ForcePadHAL

/// The simulated stand's two protocols without a pseudo-terminal: what it answers, how its
/// crosshead moves with its speed and acceleration limits, and its spring's force.
@Suite struct SimulatedStandTests {
    static let spring = SimulatedStandSettings(acceleration: 1_000_000, contact: 2_000, stiffness: 200, snapAt: 0, snapWidth: 0, snapDrop: .zero)

    /// Sends `line` and its line end; the answers.
    private func send(_ stand: inout SimulatedStand, _ line: String, lineEnd: String = "\r") -> [String] {
        stand.receive(Array((line + lineEnd).utf8), nowMicros: 0)
    }

    /// Moves time on by `seconds` in 1 ms steps.
    private func run(_ stand: inout SimulatedStand, seconds: Double) -> [String] {
        var said: [String] = []
        for _ in 0..<Int(seconds * 1000) { said += stand.advance(seconds: 0.001) }
        return said
    }

    @Test func anESM303MovesToItsLowerLimitAtItsSpeedAndPressesTheSpring() {
        var stand = SimulatedStand(model: .esm303, settings: Self.spring, startTravel: 0)
        #expect(send(&stand, "z").isEmpty)
        #expect(send(&stand, "e0300.0").isEmpty)
        #expect(send(&stand, "g003.00").isEmpty)
        #expect(send(&stand, "d").isEmpty)
        _ = run(&stand, seconds: 0.3)
        // 300 mm/min is 5 mm/s: 1.5 mm in 0.3 s, less what the acceleration costs at the start.
        #expect(abs(stand.travel - 1_490) < 20, "\(stand.travel)")
        #expect(send(&stand, "p") == ["D,L"])
        _ = run(&stand, seconds: 0.5)
        #expect(stand.travel == 3_000)
        #expect(send(&stand, "p") == ["S,L"])
        #expect(send(&stand, "x") == ["3.00"])
        #expect(send(&stand, "?") == ["200 gF"])
        #expect(send(&stand, "h-999.99") + send(&stand, "u") == [])
        _ = run(&stand, seconds: 1)
        #expect(send(&stand, "p") == ["S,L,UL"])
        #expect(send(&stand, "k") == ["*10"])
    }

    @Test func aGCodeStageHomesMovesHoldsAndResets() {
        var stand = SimulatedStand(model: .gcode, settings: Self.spring, startTravel: 4_000)
        #expect(send(&stand, "$H", lineEnd: "\n").isEmpty)
        #expect(stand.receive([GCodeProtocol.statusQuery], nowMicros: 0).first?.hasPrefix("<Home|") == true)
        #expect(run(&stand, seconds: 1) == ["ok"])
        #expect(stand.receive([GCodeProtocol.statusQuery], nowMicros: 0) == ["<Idle|MPos:0.000,0.000,0.000|FS:0,0>"])
        #expect(send(&stand, "G1 Z-2.500 F600.0", lineEnd: "\n") == ["ok"])
        _ = run(&stand, seconds: 0.1)
        #expect(stand.receive([GCodeProtocol.statusQuery], nowMicros: 0).first?.hasPrefix("<Run|") == true)
        #expect(stand.receive([GCodeProtocol.feedHold], nowMicros: 5).isEmpty)
        #expect(stand.receive([GCodeProtocol.statusQuery], nowMicros: 0).first?.hasPrefix("<Hold:1|") == true)
        _ = run(&stand, seconds: 0.05)
        let held = stand.travel
        #expect(stand.receive([GCodeProtocol.statusQuery], nowMicros: 0).first?.hasPrefix("<Hold:0|") == true)
        #expect(stand.receive([GCodeProtocol.softReset], nowMicros: 7) == ["", "Grbl 1.1h ['$' for help]"])
        _ = run(&stand, seconds: 0.2)
        #expect(stand.travel == held, "the held move never resumes")
        #expect(stand.receive([GCodeProtocol.statusQuery], nowMicros: 0).first?.hasPrefix("<Idle|") == true)
        #expect(stand.stopTimesMicros == [5, 7])
        // A reset while moving loses the position: alarm 3, and moves are refused until homing.
        #expect(send(&stand, "G1 Z-4.000 F600.0", lineEnd: "\n") == ["ok"])
        _ = run(&stand, seconds: 0.05)
        _ = stand.receive([GCodeProtocol.softReset], nowMicros: 9)
        #expect(stand.receive([GCodeProtocol.statusQuery], nowMicros: 0).first?.hasPrefix("<Alarm|") == true)
        #expect(send(&stand, "G1 Z-1.000 F600.0", lineEnd: "\n") == ["error:9"])
        #expect(send(&stand, "M3", lineEnd: "\n") == ["error:20"])
    }

    @Test func faultsAreShownAsTold() {
        var stand = SimulatedStand(model: .gcode, settings: Self.spring, startTravel: 2_500)
        #expect(stand.force == .grams(100))
        stand.fault = .overshoot(.grams(50))
        #expect(stand.force == .grams(150))
        stand.fault = .alarm
        #expect(run(&stand, seconds: 0.002) == ["ALARM:1"])
        stand.fault = .silent
        #expect(stand.receive([GCodeProtocol.statusQuery], nowMicros: 0).isEmpty)
    }
}
