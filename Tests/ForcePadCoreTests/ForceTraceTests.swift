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
        ("t_us,ch0\n0,1\n9223372036854775807,1\n", "f.csv:3: t_us 9223372036854775807 is after 10000000000000000, the latest time a trace may give; check the row"),
    ])
    func badTracesAreReportedWithTheirLine(text: String, message: String) {
        #expect(throws: TraceError.self) { try ForceTrace.parse(text, file: "f.csv") }
        do {
            _ = try ForceTrace.parse(text, file: "f.csv")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aTraceToPlaySpansAtMostTheSpanGiven() throws {
        let text = "t_us,g0\n1000,0\n3600001000,0\n3600001001,0\n"
        #expect(throws: TraceError(
            file: "f.csv", line: 4,
            message: "t_us 3600001001 is more than 3600s after the first row (1000), the longest trace that plays; split the trace or close the gap")
        ) { try ForceTrace.parse(text, file: "f.csv", maxSpanMicros: ForceTrace.maxPlayedSpanMicros) }
        #expect(try ForceTrace.parse(text, file: "f.csv").rowCount == 3)
    }
}
