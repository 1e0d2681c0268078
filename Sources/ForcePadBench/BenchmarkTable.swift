/// The rows of a benchmark run, printed as an aligned text table.
struct BenchmarkTable {
    private(set) var rows: [BenchmarkRow] = []

    mutating func append(_ row: BenchmarkRow) { rows.append(row) }

    var failed: Bool { rows.contains { $0.verdict == .fail } }

    func printed() -> String {
        let header = BenchmarkRow("measure", value: "value", target: "target")
        let all = [header] + rows
        let measureWidth = all.map(\.measure.count).max()!
        let valueWidth = all.map(\.value.count).max()!
        let targetWidth = all.map(\.target.count).max()!
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
        func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: width - text.count) + text }
        return all.enumerated().map { index, row in
            let verdict = index == 0 ? "result" : row.verdict.rawValue
            return "\(pad(row.measure, measureWidth))  \(padLeft(row.value, valueWidth))  \(pad(row.target, targetWidth))  \(verdict)"
        }.joined(separator: "\n")
    }
}
