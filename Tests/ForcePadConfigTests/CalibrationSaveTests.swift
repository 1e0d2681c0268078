import ForcePadConfig
import ForcePadCore
import Foundation
import Testing

/// `calibrate save`'s file handling: fitted cells merged into what the file holds, the
/// previous file kept as `NAME~`, and a file that cannot be read left alone.
@Suite struct CalibrationSaveTests {
    let board = try! BoardFileLoader.load(path: PackageRoot.path("boards/sim.toml"))

    static func fit(cell: Int, _ points: [(Int32, Int32)]) -> CalibrationFit {
        try! CalibrationFit(cell: cell, measurements: points.map { CalibrationMeasurement(cell: cell, force: .grams($0.1), counts: $0.0) })
    }

    func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-calsave-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    func save(_ fits: [CalibrationFit], to path: String) throws -> CalibrationSave.Outcome {
        try CalibrationSave.save(fits, board: board, path: path, inUse: CalibrationSet(boardDefault: board), version: "0.1.0", timestamp: "t")
    }

    @Test func aSecondSaveReplacesOnlyItsCellsAndKeepsThePreviousFile() throws {
        try withDirectory { directory in
            let path = directory + "/calibration-sim.toml"
            let first = try save((0..<4).map { Self.fit(cell: $0, [(1000, 50), (2000, 200)]) }, to: path)
            #expect(first.changedCells == [0, 1, 2, 3] && first.keptCells == [] && first.previousFile == nil)
            let firstText = try String(contentsOfFile: path, encoding: .utf8)

            let second = try save([Self.fit(cell: 2, [(1500, 100), (2500, 300)])], to: path)
            #expect(second.changedCells == [2] && second.keptCells == [0, 1, 3])
            #expect(second.previousFile == path + "~")
            #expect(try String(contentsOfFile: path + "~", encoding: .utf8) == firstText)
            let loaded = try CalibrationFile.load(path: path, board: board)
            #expect(loaded == second.calibration)
            let kept = Self.fit(cell: 0, [(1000, 50), (2000, 200)]).table
            #expect(loaded.tables[0] == kept && loaded.tables[1] == kept && loaded.tables[3] == kept)
            #expect(loaded.tables[2] == Self.fit(cell: 2, [(1500, 100), (2500, 300)]).table)
        }
    }

    @Test func aFileThatDoesNotLoadIsNeitherReplacedNorBackedUp() throws {
        try withDirectory { directory in
            let path = directory + "/calibration-sim.toml"
            try "board = \"sim\"\n".write(toFile: path, atomically: true, encoding: .utf8)
            do throws(ConfigError) {
                _ = try CalibrationSave.save(
                    [Self.fit(cell: 1, [(1000, 50), (2000, 200)])], board: board, path: path, inUse: CalibrationSet(boardDefault: board),
                    version: "0.1.0", timestamp: "t")
                Issue.record("a damaged file was replaced")
            } catch {
                #expect(error.file == path)
                #expect(error.message.hasSuffix("; nothing was written (saving would lose its cells): move it away to save a new file"))
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "board = \"sim\"\n")
            #expect(!FileManager.default.fileExists(atPath: path + "~"))
        }
    }

    @Test func aSymbolicLinkIsRefused() throws {
        try withDirectory { directory in
            let path = directory + "/calibration-sim.toml"
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory + "/elsewhere.toml")
            #expect(throws: ConfigError(
                file: path, line: nil, key: "file",
                message: "is a symbolic link, which is never written through; move it away: calibrate save writes only a regular file")) {
                    _ = try save([Self.fit(cell: 1, [(1000, 50), (2000, 200)])], to: path)
                }
            #expect(!FileManager.default.fileExists(atPath: directory + "/elsewhere.toml"))
        }
    }
}
