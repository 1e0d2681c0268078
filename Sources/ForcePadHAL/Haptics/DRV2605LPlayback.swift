/// How the DRV2605L starts the loaded sequence, or what it plays instead (MODE bits 2–0).
public enum DRV2605LPlayback: UInt8, Sendable, Equatable, CaseIterable {
    /// Internal trigger: the sequence plays when GO is written over I2C (``DRV2605L/go(on:)``),
    /// for boards without a wire to IN/TRIG; costs one I2C transfer per stage.
    case internalTrigger = 0
    /// External trigger, edge: a rising edge on IN/TRIG plays the sequence (a second rising
    /// edge before it ends cancels it). A stage's pulse on the haptic line is the edge.
    case externalEdge = 1
    /// External trigger, level: the sequence plays while IN/TRIG is high and is cancelled when
    /// it falls.
    case externalLevel = 2
    /// Real-time playback: the actuator is driven at the amplitude in RTP_INPUT
    /// (``DRV2605L/writeRealTimeAmplitude(_:on:)``) until the mode changes.
    case realTime = 5
}
