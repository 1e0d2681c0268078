import ForcePadCore
import Testing

/// The two stand protocols as text: ESM303 fixed-width numbers and answers, G-code moves and
/// the controller's replies.
@Suite struct StandProtocolTests {
    @Test func esm303NumbersHaveTheManualsFixedWidths() {
        #expect(ESM303Protocol.setSpeed(200_300) == "e0200.3")
        #expect(ESM303Protocol.setSpeed(1_100_000) == "e1100.0")
        #expect(ESM303Protocol.setLowerLimit(10_700) == "g010.70")
        #expect(ESM303Protocol.setUpperLimit(-7_520) == "h-007.52")
        #expect(ESM303Protocol.setLowerLimit(12_345) == "g012.35")
        #expect(ESM303Protocol.setUpperLimit(-5_000_000) == "h-999.99")
    }

    @Test func esm303TravelAnswersInMillimetres() {
        #expect(ESM303Protocol.travel(in: "12.34\r\n") == 12_340)
        #expect(ESM303Protocol.travel(in: "-0.5 mm") == -500)
        #expect(ESM303Protocol.travel(in: "0.485 in") == nil)
        #expect(ESM303Protocol.travel(in: "*10") == nil)
    }

    @Test func esm303StatusCodes() {
        #expect(ESM303Protocol.status(in: "D,L")?.state == .moving)
        #expect(ESM303Protocol.status(in: "S L UL")?.state == .idle)
        #expect(ESM303Protocol.status(in: "S L UL")?.limit == "UL")
        #expect(ESM303Protocol.status(in: "u")?.state == .moving)
        #expect(ESM303Protocol.status(in: "L") == nil)
        #expect(ESM303Protocol.status(in: "S,Q") == nil)
    }

    @Test func gcodeMoveIsAFeedMoveDownTheZAxis() {
        #expect(GCodeProtocol.move(toTravel: 1_250, speed: 120_000) == "G1 Z-1.250 F120.0")
        #expect(GCodeProtocol.move(toTravel: 0, speed: 50_500) == "G1 Z0.000 F50.5")
    }

    @Test func gcodeRepliesAreRead() {
        #expect(GCodeProtocol.reply("ok\r") == .ok)
        #expect(GCodeProtocol.reply("error:9") == .error(9))
        #expect(GCodeProtocol.reply("ALARM:1") == .alarm(1))
        #expect(GCodeProtocol.reply("Grbl 1.1h ['$' for help]") == .other)
        #expect(GCodeProtocol.reply("<Idle|MPos:0.000,0.000,-1.250|FS:0,0>") == .status(StandStatus(state: .idle, travel: 1_250)))
        #expect(GCodeProtocol.reply("<Run|MPos:1.000,2.000,-10.5|FS:120,0>") == .status(StandStatus(state: .moving, travel: 10_500)))
        #expect(GCodeProtocol.reply("<Hold:0|MPos:0.000,0.000,-3.000|FS:0,0>") == .status(StandStatus(state: .held, travel: 3_000)))
        #expect(GCodeProtocol.reply("<Home|MPos:0.000,0.000,-3.000>") == .status(StandStatus(state: .homing, travel: 3_000)))
        #expect(GCodeProtocol.reply("<Alarm|MPos:0.000,0.000,0.000>") == .status(StandStatus(state: .alarm, travel: 0, alarm: "Alarm state")))
        #expect(GCodeProtocol.reply("<Dance|MPos:0,0,0>") == .other)
        #expect(GCodeProtocol.reply("<Idle|MPos:0.000,x,0.000>") == .other)
    }
}
