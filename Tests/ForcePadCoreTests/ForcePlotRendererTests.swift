import ForcePadCore
import Testing

@Suite struct ForcePlotRendererTests {
    /// A 30 × 8 plot (20 × 4 cells of plot, 40 × 16 dots) whose top is 160 g: 10 g a dot row.
    let renderer = ForcePlotRenderer(width: 30, height: 8)

    @Test func sizesFollowTheTerminal() {
        #expect(renderer.cellColumns == 20 && renderer.dotColumns == 40)
        #expect(renderer.plotRows == 4 && renderer.dotRows == 16)
        #expect(renderer.dotRow(milligrams: 0, topMilligrams: 160_000) == 0)
        #expect(renderer.dotRow(milligrams: 79_999, topMilligrams: 160_000) == 7)
        #expect(renderer.dotRow(milligrams: 80_000, topMilligrams: 160_000) == 8)
        #expect(renderer.dotRow(milligrams: 500_000, topMilligrams: 160_000) == 15)
        #expect(renderer.dotRow(milligrams: -5_000, topMilligrams: 160_000) == 0)
    }

    @Test func drawsARisingTraceThresholdsMarksAndAxis() {
        // Nothing for 10 columns, a rise from 0 to 150 g over 4 columns, held at 150 g.
        var columns = (0..<40).map { PlotColumn(bin: nil, tick: $0 % 10 == 0) }
        for x in 10..<40 {
            let force: Int64 = x < 14 ? Int64(x - 10) * 50_000 : 150_000
            columns[x].bin = PlotBin(lowMilligrams: force, highMilligrams: force)
        }
        columns[11].bin?.marks = [.touch]
        columns[13].bin?.marks = [.peek, .haptic]
        columns[14].bin?.marks = [.haptic]
        let scene = ForcePlotScene(
            columns: columns, topMilligrams: 160_000,
            levels: [
                PlotLevel(milligrams: 100_000, solid: true, label: "peek 100g"),
                PlotLevel(milligrams: 80_000, solid: false),
            ],
            header: "total 150g  sweep", axisLabel: "+=1s", cursorColumn: 39)
        // 150 g is dot row 15, the top dots; the rise runs up columns 10 to 13 (cells 5 and 6);
        // peek's solid line (dot row 10) and the dotted release level (dot row 8) share a row.
        #expect(renderer.rows(scene) == [
            "total 150g  sweep             ",
            "     160g┤      ⢸⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉",
            "peek 100g┤⡒⡒⡒⡒⡒⡒⡞⡒⡒⡒⡒⡒⡒⡒⡒⡒⡒⡒⡒⡒",
            "         │     ⢠⠇             ",
            "       0g┤     ⣸              ",
            "    stage      tp             ",
            "   haptic       ||            ",
            "     +=1s +----+----+----+---^",
        ])
    }

    @Test func aScopeMarksItsTriggerAndAGapBreaksTheTrace() {
        var columns = (0..<40).map { _ in PlotColumn(bin: PlotBin(lowMilligrams: 0, highMilligrams: 0)) }
        columns[20].bin = nil
        columns[21].bin = PlotBin(lowMilligrams: 150_000, highMilligrams: 155_000, marks: [.pop])
        columns[22].bin = PlotBin(lowMilligrams: 0, highMilligrams: 0, marks: [.release])
        let scene = ForcePlotScene(
            columns: columns, topMilligrams: 160_000, levels: [], header: "scope", axisLabel: "+=100ms", triggerColumn: 21)
        let rows = renderer.rows(scene)
        // Column 21 stands alone from 150 g up (no column before it); column 22 joins it down to 0.
        #expect(rows[1] == "     160g┤          ⠈⡇        ")
        #expect(rows[4] == "       0g┤⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀ ⣇⣀⣀⣀⣀⣀⣀⣀⣀")
        #expect(rows[5] == "    stage           Pr        ")
        #expect(rows[7] == "  +=100ms ----------T---------")
    }

    @Test func everyRowIsAsWideAsTheTerminal() {
        let wide = ForcePlotRenderer(width: 123, height: 41)
        let scene = ForcePlotScene(
            columns: [], topMilligrams: 385_000, levels: [PlotLevel(milligrams: 300_000, solid: true, label: "a label too long")],
            header: String(repeating: "h", count: 200), axisLabel: "+=1s")
        let rows = wide.rows(scene)
        #expect(rows.count == 41)
        #expect(rows.allSatisfy { $0.count == 123 })
        #expect(rows.contains { $0.hasPrefix("a label t┤") })
    }
}
