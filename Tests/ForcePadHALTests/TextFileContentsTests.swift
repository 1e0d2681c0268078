import ForcePadHAL
import Glibc
import Testing

@Suite struct TextFileContentsTests {
    private func scratch(_ bytes: [UInt8]) -> String {
        var template = Array("/tmp/forcepad-text-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func readsAWholeFileAndSaysWhenThereWasMore() throws {
        let path = scratch(Array("CPU0\n 1: 2\n".utf8))
        defer { unlink(path) }
        let whole = try TextFileContents.read(path, maximumBytes: 100)
        #expect(whole.text == "CPU0\n 1: 2\n" && !whole.truncated)
        let exact = try TextFileContents.read(path, maximumBytes: 11)
        #expect(exact.text == "CPU0\n 1: 2\n" && !exact.truncated)
        let cut = try TextFileContents.read(path, maximumBytes: 4)
        #expect(cut.text == "CPU0" && cut.truncated)
    }

    @Test func invalidUTF8IsReplacedAndAnEmptyFileIsEmpty() throws {
        let path = scratch([0x41, 0xFF, 0x42])
        defer { unlink(path) }
        #expect(try TextFileContents.read(path, maximumBytes: 10).text == "A\u{FFFD}B")
        let empty = scratch([])
        defer { unlink(empty) }
        #expect(try TextFileContents.read(empty, maximumBytes: 10) == ("", false))
    }

    @Test func aMissingFileIsOneLineNamingIt() {
        do {
            _ = try TextFileContents.read("/nonexistent/file", maximumBytes: 10)
            Issue.record("read a missing file")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/file: cannot open: "))
            #expect(!error.description.contains("\n"))
        }
    }
}
