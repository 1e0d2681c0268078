import ForcePadCore
import ForcePadHAL

/// The 8-channel frames the chains are timed on, made before timing starts: the sim board
/// widened to 8 cells, its simulated pad pressed and released at moving positions with
/// 1 g of noise, so every stage (median, calibration segments, filter, contacts) works.
enum BenchmarkFrames {
    static let cellCount = 8
    /// A power of two, so the timing loop wraps with a mask; 1 024 frames fit in L2 cache.
    static let count = 1_024

    /// The frames of a strip of `cells` cells (the sim board has 4).
    static func make(cells: Int = cellCount) -> [RawFrame] {
        var pad = SimulatedPad(board: SimBoard.board(cells: cells), simulation: SimulationSettings(noise: .grams(1), seed: 42, riseMicros: 20_000))
        var frames: [RawFrame] = []
        frames.reserveCapacity(count)
        var raw = RawFrame(cellCount: cells)
        for index in 0..<count {
            let time = Int64(index) * 1000
            switch index % 256 {
            case 0:
                let position = PadPosition(fractionX: Double(index % 1000) / 1000, fractionY: 0.5)
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
