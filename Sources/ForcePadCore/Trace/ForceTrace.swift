/// A recorded or scripted sequence of frames (`interfaces.md`, Traces):
///
/// - raw recording, header `t_us,ch0,ch1,…`: microseconds since start and raw counts;
/// - force trace, header `t_us,g0,g1,…`: microseconds and grams per cell.
///
/// Lines starting with `#` and blank lines are ignored. Times must increase strictly.
/// Values are kept flat, row after row: counts (Q0) or milligrams (Q0).
public struct ForceTrace: Sendable, Equatable {
    public enum Kind: Sendable, Equatable, BitwiseCopyable {
        case rawCounts
        case grams
    }

    public let kind: Kind
    public let cellCount: Int
    /// Sample time of each row (µs).
    public let timesMicros: [Int64]
    /// `rows × cellCount` values: counts for a raw recording, milligrams for a force trace.
    public let values: [Int32]

    /// Longest trace accepted, in rows: two hours at 1 kHz, a 10,000-press stand trial at
    /// 0.6 s a press (a 4-cell recording of it is about 170 MB of `frames.csv`).
    public static let maxRows = 7_200_000

    /// Latest time any file may give (µs on the loop clock, 10^16: 317 years), so a sum or
    /// difference of two times, or a time plus a duration, never overflows.
    public static let maxTimeMicros: Int64 = 10_000_000_000_000_000

    /// Longest span (µs, first row to last) of a trace that is played or replayed period by
    /// period (`sim play`, `forcepad replay TRACE.csv`): an hour, as many periods at 1 kHz as
    /// ``maxRows``. A recording replays row by row and may span longer.
    public static let maxPlayedSpanMicros: Int64 = 3_600_000_000

    public init(kind: Kind, cellCount: Int, timesMicros: [Int64], values: [Int32]) {
        precondition(values.count == timesMicros.count * cellCount)
        self.kind = kind
        self.cellCount = cellCount
        self.timesMicros = timesMicros
        self.values = values
    }

    public var rowCount: Int { timesMicros.count }

    /// Time from the first row to the last (µs).
    public var durationMicros: Int64 { (timesMicros.last ?? 0) - (timesMicros.first ?? 0) }

    /// Value of `cell` in `row`.
    @inline(__always)
    public func value(row: Int, cell: Int) -> Int32 { values[row * cellCount + cell] }

    /// Parses trace text; `file` names the trace in errors. Times run from 0 to
    /// ``maxTimeMicros``, and a row more than `maxSpanMicros` after the first is refused.
    public static func parse(_ text: String, file: String, maxSpanMicros: Int64 = maxTimeMicros) throws(TraceError) -> ForceTrace {
        var kind: Kind?
        var cellCount = 0
        var times: [Int64] = []
        var values: [Int32] = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift, so splitting on newlines handles LF and CRLF alike.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpacesAndTabs() }
            guard let known = kind else {
                (kind, cellCount) = try header(fields, file: file, line: lineNumber)
                continue
            }
            guard fields.count == cellCount + 1 else {
                throw TraceError(file: file, line: lineNumber, message: "expected \(cellCount + 1) values (t_us and \(cellCount) cells), found \(fields.count)")
            }
            guard let time = Int64(fields[0]), time >= 0 else {
                throw TraceError(file: file, line: lineNumber, message: "t_us '\(fields[0])' is not a whole number of microseconds ≥ 0")
            }
            guard time <= maxTimeMicros else {
                throw TraceError(file: file, line: lineNumber, message: "t_us \(time) is after \(maxTimeMicros), the latest time a trace may give; check the row")
            }
            if let previous = times.last, time <= previous {
                throw TraceError(file: file, line: lineNumber, message: "t_us \(time) does not increase (previous row: \(previous))")
            }
            if let first = times.first, time - first > maxSpanMicros {
                throw TraceError(
                    file: file, line: lineNumber,
                    message: "t_us \(time) is more than \(QuantityText.duration(maxSpanMicros)) after the first row (\(first)), the longest trace that plays; split the trace or close the gap")
            }
            guard times.count < maxRows else {
                throw TraceError(file: file, line: lineNumber, message: "more than \(maxRows) rows; split the trace")
            }
            times.append(time)
            for (cell, field) in fields.dropFirst().enumerated() {
                values.append(try value(field, kind: known, cell: cell, file: file, line: lineNumber))
            }
        }
        guard let kind else {
            throw TraceError(file: file, line: nil, message: "no header: the first line must be t_us,ch0,ch1,… (raw counts) or t_us,g0,g1,… (grams)")
        }
        guard !times.isEmpty else { throw TraceError(file: file, line: nil, message: "no rows after the header") }
        return ForceTrace(kind: kind, cellCount: cellCount, timesMicros: times, values: values)
    }

    private static func header(_ fields: [String], file: String, line: Int) throws(TraceError) -> (Kind, Int) {
        let expected = "the header must be t_us,ch0,ch1,… (raw counts) or t_us,g0,g1,… (grams)"
        guard fields.count >= 2, fields[0] == "t_us" else { throw TraceError(file: file, line: line, message: expected) }
        let cells = fields.count - 1
        if fields.dropFirst().enumerated().allSatisfy({ $1 == "ch\($0)" }) { return (.rawCounts, cells) }
        if fields.dropFirst().enumerated().allSatisfy({ $1 == "g\($0)" }) { return (.grams, cells) }
        throw TraceError(file: file, line: line, message: expected + ", numbered from 0")
    }

    private static func value(_ field: String, kind: Kind, cell: Int, file: String, line: Int) throws(TraceError) -> Int32 {
        switch kind {
        case .rawCounts:
            guard let counts = Int32(field), counts >= 0 else {
                throw TraceError(file: file, line: line, message: "ch\(cell) '\(field)' is not a whole number of counts ≥ 0")
            }
            return counts
        case .grams:
            guard let grams = FixedDecimal.parse(Substring(field)), grams >= 0, grams <= 100_000 else {
                throw TraceError(file: file, line: line, message: "g\(cell) '\(field)' is not a force in grams from 0 to 100000")
            }
            return Force.fromGrams(grams).milligrams
        }
    }
}

extension Substring {
    fileprivate func trimmingSpacesAndTabs() -> String {
        String(self).trimmingSpaces()
    }
}
