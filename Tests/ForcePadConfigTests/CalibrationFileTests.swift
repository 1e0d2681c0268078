import ForcePadConfig
import ForcePadCore
import Foundation
import Testing

@Suite struct CalibrationFileTests {
    let board = try! BoardFileLoader.load(path: PackageRoot.path("boards/sim.toml"))

    var calibration: CalibrationSet {
        let table = try! CalibrationTable(validating: [
            CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 900, force: Force(milligrams: 50_250)),
            CalibrationPoint(counts: 3000, force: .grams(450)),
        ])
        return CalibrationSet(tables: Array(repeating: table, count: 4), source: "test")
    }

    @Test func renderedFileLoadsBackIdentically() throws {
        let text = CalibrationFile.render(calibration, board: "sim", version: "0.1.0", timestamp: "2026-11-22T03:00:00Z")
        #expect(text.contains("points = [[0, 0], [900, 50.25], [3000, 450]]"))
        let loaded = try CalibrationFile.parse(text: text, file: "cal.toml", board: board)
        #expect(loaded.tables == calibration.tables)
        #expect(loaded.source == "cal.toml")
    }

    @Test func checksumDoesNotDependOnFormatting() {
        let sum = CalibrationSet.checksum(board: "sim", tables: calibration.tables)
        #expect(sum == calibration.checksum(board: "sim"))
        #expect(sum != CalibrationSet.checksum(board: "other", tables: calibration.tables))
        #expect(CRC32.hex(CRC32.checksum("123456789".utf8)) == "cbf43926")  // the standard check value
    }

    @Test func editedPointsAreCaughtByTheChecksum() {
        let text = CalibrationFile.render(calibration, board: "sim", version: "0.1.0", timestamp: "t")
            .replacingOccurrences(of: "[900, 50.25]", with: "[900, 60]")
        let expected = "crc32:" + CRC32.hex(calibration.checksum(board: "sim"))
        #expect(throws: ConfigError.self) { try CalibrationFile.parse(text: text, file: "cal.toml", board: board) }
        do {
            _ = try CalibrationFile.parse(text: text, file: "cal.toml", board: board)
        } catch {
            #expect(error.key == "checksum")
            #expect(error.line == 6)
            #expect(error.message.hasPrefix("\(expected) does not match the points (crc32:"))
            #expect(error.message.hasSuffix("the file was damaged or edited; calibrate again"))
        }
    }

    @Test func aCalibrationForAnotherBoardOrCellCountIsRefused() {
        let other = CalibrationFile.render(calibration, board: "rpi5-ads1115", version: "0.1.0", timestamp: "t")
        #expect(throws: ConfigError(file: "cal.toml", line: 3, key: "board", message: "this calibration is for board 'rpi5-ads1115', not 'sim'; use that board or calibrate this one")) {
            try CalibrationFile.parse(text: other, file: "cal.toml", board: board)
        }
        let three = CalibrationSet(tables: Array(calibration.tables.prefix(3)), source: "test")
        let short = CalibrationFile.render(three, board: "sim", version: "0.1.0", timestamp: "t")
        #expect(throws: ConfigError(file: "cal.toml", line: 8, key: "cell", message: "has 3 [[cell]] tables; board 'sim' has 4 cells")) {
            try CalibrationFile.parse(text: short, file: "cal.toml", board: board)
        }
    }

    @Test func atomicWriteReplacesTheFileAndLeavesNoTemporary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + CalibrationFile.fileName(board: "sim")
        try AtomicFileWriter.write("old\n", to: path)
        try AtomicFileWriter.write(CalibrationFile.render(calibration, board: "sim", version: "0.1.0", timestamp: "t"), to: path)
        #expect(try CalibrationFile.load(path: path, board: board).tables == calibration.tables)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["calibration-sim.toml"])
    }

    @Test func writingIntoAMissingDirectoryFailsWithAClearMessage() {
        #expect(throws: ConfigError.self) { try AtomicFileWriter.write("x", to: "/nonexistent-forcepad/cal.toml") }
        do {
            try AtomicFileWriter.write("x", to: "/nonexistent-forcepad/cal.toml")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent-forcepad/cal.toml: file: cannot open the directory /nonexistent-forcepad: "))
            #expect(error.description.hasSuffix(": No such file or directory; check the disk and the state directory's permissions"))
        }
    }
}
