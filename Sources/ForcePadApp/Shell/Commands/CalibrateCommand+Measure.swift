import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// `calibrate add`'s measurement: the cell named, and the mean reading of a weight at rest.
extension ShellCommand where Context == ShellContext {
    /// Reads an optional `cell N`.
    static func cellOption(_ arguments: inout ArgumentCursor, controller: Controller) throws(CommandFailure) -> Int? {
        guard arguments.accept("cell") else { return nil }
        let text = try arguments.word("cell number")
        let cells = controller.board.geometry.cellCount
        guard let cell = Int(text), cell >= 0, cell < cells else {
            throw CommandFailure("cell '\(text)' does not exist: this board has cells 0…\(cells - 1)")
        }
        return cell
    }

    /// Mean reading above the zero of every cell over the tare duration (Q0 counts, rounded);
    /// refused if a cell moves more than the tare's spread limit meanwhile.
    static func measure(_ controller: Controller) throws(CommandFailure) -> [Int32] {
        let cells = controller.board.geometry.cellCount
        var sums = [Int64](repeating: 0, count: cells)
        var lowest = [Int32](repeating: .max, count: cells)
        var highest = [Int32](repeating: .min, count: cells)
        var frames: Int64 = 0
        var sequence = controller.snapshot().raw.sequence
        let clock = MonotonicClock()
        let end = clock.nowMicros() + controller.settings.baseline.tareMicros
        while clock.nowMicros() < end || frames == 0 {
            let snapshot = controller.snapshot()
            if snapshot.raw.sequence != sequence {
                sequence = snapshot.raw.sequence
                frames += 1
                for cell in 0..<cells {
                    let above = max(snapshot.cellCounts.readings[cell] - snapshot.cellCounts.zeros[cell], 0)
                    sums[cell] += Int64(above)
                    lowest[cell] = min(lowest[cell], above)
                    highest[cell] = max(highest[cell], above)
                }
            }
            if clock.nowMicros() > end + 1_000_000 { throw CommandFailure("no frames arrived while measuring; check status for read errors") }
            let seen = sequence
            controller.waitForLoop(timeoutMicros: 2_000) { controller.snapshot().raw.sequence != seen }
        }
        let limit = controller.settings.baseline.tareSpreadLimitCounts
        for cell in 0..<cells where highest[cell] - lowest[cell] > limit {
            throw CommandFailure("cell \(cell) moved by \(highest[cell] - lowest[cell]) counts while measuring (limit \(limit)); let the weight settle and add again")
        }
        return sums.map { Int32(($0 * 2 + frames) / (2 * frames)) }
    }
}
