import Foundation
import FoundationXML
import Testing

/// Every press of a trial in one table: in the report's `presses`, as `trial report`'s rows, as
/// `record export`'s NAME.presses.csv (never overwritten) and numbered on the plot, each figure
/// the same as the recorded events give it.
@Suite struct PressTableTests {
    @Test func everyPressHasItsRowInTheReportTheTextTheCSVAndThePlot() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let board = try CrossingLatencyTests.physicalBoard()
        defer { try? FileManager.default.removeItem(atPath: board) }
        let config = try scratch.config("[trials.pop]\nmisses_max = 0\n")
        // Peek and pop; peek only (pop not reached); both; a light press reaching neither.
        let forces = [360, 220, 400, 100]
        _ = try CrossingLatencyTests.trial("table", forces: forces, board: board, config: config, scratch: scratch)
        let human = try ForcePadProcess.run(
            ["--board", board, "--config", config, "--state-dir", scratch.state.path],
            lines: ["trial report table", "report table", "record export table"])
        let events = LabTests.objects(try scratch.text("recordings/table/events.jsonl").split(separator: "\n").map(String.init))

        // The presses as the events give them.
        struct Press {
            var began: Int
            var ended: Int? = nil
            var stages: [String: [String: Any]] = [:]
            var lines: [String: Int] = [:]
        }
        var presses: [Press] = []
        for event in events {
            let time = event["t_us"] as! Int
            switch event["event"] as! String {
            case "press.began": presses.append(Press(began: time))
            case "press.released", "press.cancelled": presses[presses.count - 1].ended = time
            case "press.peek", "press.pop": presses[presses.count - 1].stages[String((event["event"] as! String).dropFirst(6))] = event
            case "haptic.on":
                let pattern = event["pattern"] as! String
                if presses.last?.stages[pattern] != nil, presses[presses.count - 1].lines[pattern] == nil {
                    presses[presses.count - 1].lines[pattern] = event["line_us"] as? Int
                }
            default: break
            }
        }
        #expect(presses.count == forces.count)
        let readings = events.filter { $0["event"] as? String == "reference.sample" }

        let json = try #require(try JSONSerialization.jsonObject(with: Data(scratch.text("reports/table.json").utf8)) as? [String: Any])
        let rows = try #require(json["presses"] as? [[String: Any]])
        #expect(rows.count == presses.count)
        let crossingSamples = ((json["statistics"] as? [String: Any])?["peek"] as? [String: Any])?["crossing_to_line_samples_us"] as? [Int]
        var peekCrossings: [Int] = []
        for (index, (row, press)) in zip(rows, presses).enumerated() {
            #expect(row["press"] as? Int == index + 1)
            // A press a busy machine disturbed is in the table, marked, and not judged.
            let excluded = try #require(row["excluded"] as? Bool)
            #expect(row["began_us"] as? Int == press.began && row["ended_us"] as? Int == press.ended && row["ending"] as? String == "released")
            #expect(row["peak_cell"] is Int && row["peak_x"] is Double)
            let truePeak = readings.filter { (press.began...press.ended!).contains($0["t_us"] as! Int) }.compactMap { $0["reference_g"] as? Double }.max()
            #expect(row["reference_peak_g"] as? Double == truePeak)
            for stage in ["peek", "pop"] {
                let cells = try #require(row[stage] as? [String: Any])
                guard let event = press.stages[stage] else {
                    #expect(cells["fired"] as? Bool == false && cells["force_g"] is NSNull && cells["crossing_to_line_us"] is NSNull)
                    #expect(cells["outcome"] as? String == (excluded ? "not_judged" : "not_reached"), "press \(index + 1) \(stage)")
                    continue
                }
                #expect(cells["fired"] as? Bool == true && cells["t_us"] as? Int == event["t_us"] as? Int)
                #expect(cells["force_g"] as? Double == event["force_g"] as? Double)
                #expect(cells["reference_g"] as? Double == event["reference_g"] as? Double)
                #expect(cells["stage_to_line_us"] as? Int == press.lines[stage].map { $0 - (event["t_us"] as! Int) })
                #expect(cells["outcome"] as? String == (excluded ? "not_judged" : "hit"), "press \(index + 1) \(stage)")
                if let total = cells["crossing_to_line_us"] as? Int {
                    let parts = [cells["filter_delay_us"], cells["dwell_us"], cells["stage_to_line_us"]].compactMap { $0 as? Int }
                    #expect(parts.count == 3 && parts.reduce(0, +) == total)
                    #expect(cells["crossing_uncertainty_us"] as? Int == 12_500)
                    if stage == "peek" && !excluded { peekCrossings.append(total) }
                }
            }
        }
        #expect(peekCrossings == crossingSamples)

        // trial report: a heading and a row per press.
        let heading = try #require(human.outputLines.firstIndex { $0.hasPrefix("presses     # start–end") })
        let textRows = human.outputLines[(heading + 1)...].prefix(presses.count)
        #expect(textRows.enumerated().allSatisfy { $1.hasPrefix(String($0 + 1).leftPadded(4) + "  ") }, "\(textRows)")
        #expect(textRows.first?.contains("| peek ") == true && textRows.first?.contains(" c→l ") == true)
        let secondExcluded = (rows.count > 1 ? rows[1]["excluded"] as? Bool : nil) == true
        #expect(textRows.dropFirst().first?.contains(secondExcluded ? "| pop - not judged" : "| pop - not reached") == true)

        // record export: the table beside the forces, never overwritten.
        let csv = try scratch.text("reports/table.presses.csv").split(separator: "\n").map(String.init)
        #expect(csv.count == presses.count + 1)
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(header.prefix(4) == ["press", "began_us", "ended_us", "ending"])
        #expect(header.contains("peek_crossing_to_line_us") && header.contains("pop_filter_delay_us") && header.contains("pop_outcome"))
        for (index, line) in csv.dropFirst().enumerated() {
            let cells = Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
            let row = rows[index]
            #expect(cells["press"] == String(index + 1) && cells["began_us"] == String(row["began_us"] as! Int))
            let pop = row["pop"] as! [String: Any]
            #expect(cells["pop_fired"] == ((pop["fired"] as? Bool) == true ? "1" : "0"))
            #expect(cells["pop_crossing_to_line_us"] == ((pop["crossing_to_line_us"] as? Int).map(String.init) ?? ""))
        }
        // With the forces CSV moved away, the table left in place still refuses the export, and
        // nothing is written.
        try FileManager.default.moveItem(
            at: scratch.state.appendingPathComponent("reports/table.forces.csv"), to: scratch.directory.appendingPathComponent("moved.csv"))
        let again = try ForcePadProcess.run(
            ["--board", board, "--config", config, "--state-dir", scratch.state.path], lines: ["record export table"])
        #expect(again.standardOutput.contains("table.presses.csv exists; an export is never overwritten"), "\(again.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: scratch.state.appendingPathComponent("reports/table.forces.csv").path))
        #expect(try scratch.text("reports/table.presses.csv").split(separator: "\n").count == csv.count)

        // The plot numbers every press above its start.
        let svg = try XMLDocument(data: Data(scratch.text("reports/table.svg").utf8))
        let numbers = try svg.nodes(forXPath: "//*[local-name()='text'][@class='press-number']").compactMap { $0 as? XMLElement }
        #expect(numbers.map(\.stringValue) == (1...presses.count).map { String($0) })
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
