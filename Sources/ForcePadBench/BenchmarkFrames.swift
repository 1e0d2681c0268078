import ForcePadCore
import ForcePadHAL

/// The 8-channel frames the chains are timed on, made before timing starts: the sim board
/// widened to 8 cells, its simulated pad pressed and released at moving positions with
/// 1 g of noise, so every stage (median, calibration segments, filter, contacts) works. The
/// instruction counts use the same presses on every ``BenchmarkGeometry``; on a grid the
/// press also moves from row to row.
enum BenchmarkFrames {
    static let cellCount = 8
    /// A power of two, so the timing loop wraps with a mask; 1 024 frames fit in L2 cache.
    static let count = 1_024

    /// The frames of a pad laid out as `geometry` (an 8-cell strip unless told).
    static func make(geometry: PadGeometry = .strip(cells: cellCount)) -> [RawFrame] {
        let cells = geometry.cellCount
        var pad = SimulatedPad(board: SimBoard.board(geometry: geometry), simulation: SimulationSettings(noise: .grams(1), seed: 42, riseMicros: 20_000))
        var frames: [RawFrame] = []
        frames.reserveCapacity(count)
        var raw = RawFrame(cellCount: cells)
        for index in 0..<count {
            let time = Int64(index) * 1000
            switch index % 256 {
            case 0:
                let fractionY = if case .grid = geometry { Double(index / 256 % 4) / 4 + 0.125 } else { 0.5 }
                let position = PadPosition(fractionX: Double(index % 1000) / 1000, fractionY: fractionY)
                _ = pad.apply(.press(force: .grams(120 + Int32(index % 400)), position: position, holdMicros: 0), at: time)
            case 160:
                _ = pad.apply(.release, at: time)
            default:
                break
            }
            try! pad.read(into: &raw, at: time)
            raw.timeMicros = time
            raw.sequence = UInt64(index)
            frames.append(raw)
        }
        return frames
    }
}
