@testable import ForcePadConfig
import ForcePadCore
import Glibc
import Testing

/// Parsing a file gives all its memory back (issue #29): the shell parses TOML for every
/// `config diff`, `config save`, replay and report, so a few kilobytes kept per parse grew a
/// long lab session by tens of megabytes.
@Suite("TOML memory")
struct TOMLMemoryTests {
    /// Resident memory of this process in KiB, from `VmRSS` in /proc/self/status.
    static func residentKiB() throws -> Int {
        let file = try #require(fopen("/proc/self/status", "r"))
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("VmRSS:") else { continue }
            return try #require(Int(text.dropFirst(6).filter(\.isNumber)))
        }
        Issue.record("no VmRSS line in /proc/self/status")
        return 0
    }

    /// The example config and the sim board, parsed 1,000 times each through the loaders,
    /// leave resident memory within 2 MiB of where it was after a warm-up of 100. With
    /// TOMLKit the two kept about 45 KB a time: 44 MB here, 441 MB over 10,000. 1,000 keeps
    /// the test to a few seconds in a debug build. It runs in a process of its own, where
    /// no other test allocates while it measures.
    @Test func parsingAThousandTimesKeepsResidentMemoryFlat() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let growth = try Self.residentGrowthKiB(parses: 1_000)
            print("resident memory grew by \(growth) KiB over 1,000 parses of each file")
            exit(growth < 2_048 ? EXIT_SUCCESS : EXIT_FAILURE)
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("resident memory grew by"), "\(output)")
    }

    /// KiB that resident memory grows by while the example config and the sim board are each
    /// parsed `parses` times through the loaders, after a warm-up of 100.
    static func residentGrowthKiB(parses: Int) throws -> Int {
        let config = try TextFileReader.read(path: PackageRoot.path("docs/forcepad.example.toml"))
        let board = try TextFileReader.read(path: PackageRoot.path("boards/sim.toml"))
        func parseBoth() throws {
            _ = try ConfigFileLoader.parse(text: config, file: "forcepad.toml")
            _ = try BoardFileLoader.parse(text: board, file: "sim.toml")
        }
        for _ in 0..<100 { try parseBoth() }
        let before = try residentKiB()
        for _ in 0..<parses { try parseBoth() }
        return try residentKiB() - before
    }
}
