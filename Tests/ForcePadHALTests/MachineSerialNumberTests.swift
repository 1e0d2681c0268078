import Foundation
import Testing

@testable import ForcePadHAL

/// The serial field of `*IDN?`, read from files standing in for the device tree and cpuinfo.
@Suite struct MachineSerialNumberTests {
    /// A fresh folder with `files` (name → content) written in it.
    private func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-serial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, content) in files {
            try Data(content.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func readsTheDeviceTreeNumberWithoutItsNul() throws {
        let root = try folder(["serial-number": "10000000a3b2c1d0\0"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(MachineSerialNumber.read(from: [.deviceTree(path: root.appendingPathComponent("serial-number").path)]) == "10000000a3b2c1d0")
    }

    @Test func readsTheSerialLineOfCpuinfo() throws {
        let cpuinfo = "processor\t: 0\nmodel name\t: ARMv7 Processor rev 4 (v7l)\n\nHardware\t: BCM2835\nRevision\t: a02082\nSerial\t\t: 00000000deadbeef\nModel\t\t: Raspberry Pi 3 Model B Rev 1.2\n"
        let root = try folder(["cpuinfo": cpuinfo])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(MachineSerialNumber.read(from: [.cpuinfo(path: root.appendingPathComponent("cpuinfo").path)]) == "00000000deadbeef")
    }

    @Test func takesTheFirstSourceThatHasANumber() throws {
        let root = try folder(["empty": "\0", "zeros": "0000000000000000\0", "cpuinfo": "Serial : 1234abcd\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let sources: [MachineSerialNumber.Source] = [
            .deviceTree(path: root.appendingPathComponent("missing").path),
            .deviceTree(path: root.appendingPathComponent("empty").path),
            .deviceTree(path: root.appendingPathComponent("zeros").path),
            .cpuinfo(path: root.appendingPathComponent("cpuinfo").path),
        ]
        #expect(MachineSerialNumber.read(from: sources) == "1234abcd")
    }

    @Test func isZeroWhenNoSourceHasOne() throws {
        let root = try folder(["cpuinfo": "processor : 0\nvendor_id : GenuineIntel\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let sources: [MachineSerialNumber.Source] = [
            .deviceTree(path: root.appendingPathComponent("missing").path), .cpuinfo(path: root.appendingPathComponent("cpuinfo").path),
        ]
        #expect(MachineSerialNumber.read(from: sources) == "0")
        #expect(MachineSerialNumber.read(from: []) == "0")
    }

    @Test func keepsOnlyLettersAndDigitsSoTheAnswerKeepsFourFields() throws {
        let hostile = "ab,cd\n;" + String(repeating: "9", count: 100) + "\0trailing"
        let root = try folder(["serial-number": hostile])
        defer { try? FileManager.default.removeItem(at: root) }
        let number = MachineSerialNumber.read(from: [.deviceTree(path: root.appendingPathComponent("serial-number").path)])
        #expect(number.allSatisfy { $0.isLetter || $0.isNumber })
        #expect(number.hasPrefix("abcd999"))
        #expect(number.count == MachineSerialNumber.maximumLength)
    }
}
