@testable import ForcePadHAL
import ForcePadCore
import Foundation

/// A frame source that blocks inside `read` while its ``StallSwitch`` is set: a loop stuck in a
/// converter read (a wedged I2C bus), which makes no more progress.
struct StallingSource: FrameSource {
    var pad: SimulatedPad
    let stall: StallSwitch
    var cellCount: Int { pad.cellCount }

    mutating func read(into frame: inout RawFrame, at timeMicros: Int64) throws(DeviceError) {
        while stall.stalled.load(ordering: .relaxed) { usleep(1_000) }
        try pad.read(into: &frame, at: timeMicros)
    }
}
