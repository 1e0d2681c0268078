import ForcePadCore

/// What the loop itself writes to the board's haptic driver chip, besides the GPIO line.
enum HapticDriverLoopWrites {
    /// Real-time playback amplitudes (`rtp` on).
    case amplitude
    /// GO at each stage (`trigger = "i2c"`).
    case go

    /// What the loop writes with `rtp` on (`realTimePlayback`) or the board's `trigger`; nil
    /// when the loop leaves the chip to the GPIO line and the other threads.
    init?(realTimePlayback: Bool, trigger: HapticDriverTrigger) {
        if realTimePlayback {
            self = .amplitude
        } else if trigger == .i2c {
            self = .go
        } else {
            return nil
        }
    }
}
