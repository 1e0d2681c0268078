@testable import ForcePadCore
import Testing

/// The drag detector starts each frame's search where the last frame's ended; whatever the
/// frames' times do, it must answer as a search of the whole history would.
struct DragDetectorTests {
    /// The answer of a search of every sample: the newest one at least a window old, as the
    /// detector's own rule states it, over the same history (kept here beside it).
    private struct WholeHistory {
        var samples: [(time: Int64, position: PadPosition)] = []
        var contacts = 0

        mutating func isDragging(position: PadPosition, contacts frameContacts: Int, atMicros time: Int64, speed: Int64, window: Int64) -> Bool {
            if frameContacts != contacts {
                samples = []
                contacts = frameContacts
            }
            guard frameContacts > 0 else { return false }
            var dragging = false
            if let sample = samples.last(where: { time - $0.time >= window }) {
                let limit: Int64 = 16 << 16
                let dx = min(max(Int64(position.x) - Int64(sample.position.x), -limit), limit)
                let dy = min(max(Int64(position.y) - Int64(sample.position.y), -limit), limit)
                let allowed = min(speed * min(time - sample.time, 1_000_000_000) / 1_000_000, limit)
                dragging = dx * dx + dy * dy > allowed * allowed
            }
            if samples.isEmpty || time - samples[samples.count - 1].time >= max(window / 8, 1) {
                if samples.count == 16 { samples.removeFirst() }
                samples.append((time, position))
            }
            return dragging
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func answersAsASearchOfTheWholeHistory(seed: UInt64) {
        var random = TestRandom(seed: seed)
        var detector = DragDetector()
        var whole = WholeHistory()
        let window: Int64 = 40_000, speed: Int64 = 65_536
        var time: Int64 = 0
        var x: Int32 = 32_768
        var differing = 0
        for _ in 0..<20_000 {
            // Mostly 1 ms steps; now and then a jump ahead, a step back, or a second contact.
            switch random.next(below: 100) {
            case 0: time += Int64(random.next(below: 200_000))
            case 1: time -= Int64(random.next(below: 60_000))
            default: time += 1_000
            }
            x = Int32(clamping: Int64(x) + Int64(random.next(below: 601)) - 300)
            let contacts = random.next(below: 200) == 0 ? 2 : 1
            let position = PadPosition(x: x, y: 32_768)
            let expected = whole.isDragging(position: position, contacts: contacts, atMicros: time, speed: speed, window: window)
            let got = detector.isDragging(
                position: position, contacts: contacts, atMicros: time, speedQ16PerSecond: Int32(speed), windowMicros: window)
            if got != expected { differing += 1 }
        }
        #expect(differing == 0)
    }
}

/// SplitMix64, for the test's own sequence of frames.
private struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) % bound
    }
}
