import ForcePadCore
import ForcePadLabFiles
import Foundation
import Testing

/// What `recording.json` keeps of a trial in parts (`trial resume`) and of a stand's presses:
/// it reads back the same, a hostile value is refused naming its key, and two recordings made
/// differently name the first field that differs.
@Suite struct CaptureInfoPartsTests {
    static var resumed: CaptureInfo {
        var info = CaptureInfoTests.written
        info.stand = RecordedStandCycles(StandCycles(count: 20, speed: 600_000, depth: .travel(4_200), dwellMicros: 0, returnTravel: 1_800))
        info.resumes = "dome-a"
        info.pressesBefore = 9
        return info
    }

    static func parse(_ change: (inout [String: Any]) -> Void) throws(LabFileError) -> CaptureInfo {
        var object = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(resumed))) as? [String: Any] ?? [:]
        change(&object)
        return try CaptureInfo.parse((try? JSONSerialization.data(withJSONObject: object)) ?? Data(), path: CaptureInfoTests.path)
    }

    @Test func aResumedStandTrialReadsBackTheSame() throws {
        let read = try Self.parse { _ in }
        #expect(read == Self.resumed)
        #expect(read.stand?.cycles(count: 11) == StandCycles(count: 11, speed: 600_000, depth: .travel(4_200), dwellMicros: 0, returnTravel: 1_800))
        let byForce = RecordedStandCycles(StandCycles(count: 5, speed: 60_000, depth: .force(.grams(350)), dwellMicros: 200_000, returnTravel: 1_500))
        #expect(byForce.cycles(count: 5).depth == .force(.grams(350)))
    }

    @Test(arguments: [
        ("resumes", "\"../../etc\"", "key resumes: '../../etc' is not a recording's name (letters, digits, '.', '-' and '_', at most 64)"),
        ("resumes", "\"\"", "key resumes: '' is not a recording's name (letters, digits, '.', '-' and '_', at most 64)"),
        ("presses_before", "-1", "key presses_before: -1 is out of range; allowed: 0…10000"),
    ])
    func aHostilePartIsRefusedNamingItsKey(key: String, json: String, what: String) {
        let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        #expect(throws: CaptureInfoTests.refusal(what)) { try Self.parse { $0[key] = value } }
    }

    @Test func aStandsPressesNeedOneDepthAndNumbersInRange() {
        func stand(_ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
            { object in
                var table = object["stand"] as? [String: Any] ?? [:]
                change(&table)
                object["stand"] = table
            }
        }
        #expect(throws: CaptureInfoTests.refusal("key stand.depth_g: a stand's presses need one depth: depth_g or depth_um, not both or neither")) {
            try Self.parse(stand { $0["depth_g"] = 300 })
        }
        #expect(throws: CaptureInfoTests.refusal("key stand.depth_g: a stand's presses need one depth: depth_g or depth_um, not both or neither")) {
            try Self.parse(stand { $0["depth_um"] = nil })
        }
        #expect(throws: CaptureInfoTests.refusal("key stand.speed_um_per_min: 0 µm/min is out of range; allowed: 1 µm/min…100000000 µm/min")) {
            try Self.parse(stand { $0["speed_um_per_min"] = 0 })
        }
    }

    @Test func partsMadeDifferentlyNameTheFirstFieldThatDiffers() {
        let first = Self.resumed
        var second = first
        second.name = "dome-a-2"
        second.started = "2026-11-27T10:00:00Z"
        second.trialPresses = 11
        second.zerosCounts = [3, 2, 1, 0]
        #expect(first.settingDifference(from: second) == nil)
        second.thresholds.peekGrams = 160
        #expect(first.settingDifference(from: second) == "thresholds")
        second.calibrationChecksum = "00000000"
        #expect(first.settingDifference(from: second) == "calibration_crc32")
        var stand = first
        stand.stand?.dwellMicros = 100_000
        #expect(first.settingDifference(from: stand) == "stand")
    }
}
