import ForcePadCore
import Testing

@Suite struct ForceTraceTests {
    @Test func readsARawRecordingWithCommentsAndCRLF() throws {
        let text = "# recorded on the bench\r\nt_us,ch0,ch1\r\n0,10,20\r\n\r\n1000, 11 ,21\r\n"
        let trace = try ForceTrace.parse(text, file: "a.csv")
        #expect(trace.kind == .rawCounts && trace.cellCount == 2 && trace.rowCount == 2)
        #expect(trace.timesMicros == [0, 1000])
        #expect(trace.values == [10, 20, 11, 21])
        #expect(trace.durationMicros == 1000)
    }

    @Test func readsAForceTraceInGrams() throws {
        let trace = try ForceTrace.parse("t_us,g0\n0,0\n500,150.5\n", file: "f.csv")
        #expect(trace.kind == .grams)
        #expect(trace.value(row: 1, cell: 0) == 150_500)
    }

    @Test(arguments: [
        ("", "f.csv: no header: the first line must be t_us,ch0,ch1,… (raw counts) or t_us,g0,g1,… (grams)"),
        ("time,ch0\n", "f.csv:1: the header must be t_us,ch0,ch1,… (raw counts) or t_us,g0,g1,… (grams)"),
        ("t_us,ch1\n", "f.csv:1: the header must be t_us,ch0,ch1,… (raw counts) or t_us,g0,g1,… (grams), numbered from 0"),
        ("t_us,ch0\n", "f.csv: no rows after the header"),
        ("t_us,ch0,ch1\n0,1\n", "f.csv:2: expected 3 values (t_us and 2 cells), found 2"),
        ("t_us,ch0\n0,1\n0,2\n", "f.csv:3: t_us 0 does not increase (previous row: 0)"),
        ("t_us,ch0\nx,1\n", "f.csv:2: t_us 'x' is not a whole number of microseconds ≥ 0"),
        ("t_us,ch0\n0,-4\n", "f.csv:2: ch0 '-4' is not a whole number of counts ≥ 0"),
        ("# c\nt_us,g0\n0,abc\n", "f.csv:3: g0 'abc' is not a force in grams from 0 to 100000"),
    ])
    func badTracesAreReportedWithTheirLine(text: String, message: String) {
        #expect(throws: TraceError.self) { try ForceTrace.parse(text, file: "f.csv") }
        do {
            _ = try ForceTrace.parse(text, file: "f.csv")
        } catch {
            #expect(error.description == message)
        }
    }
}
