import ForcePadCore

/// The haptic output of a board whose DRV2605L has no wire to IN/TRIG (`trigger = "i2c"`):
/// edges still go to the GPIO line (which keeps its cut-off), and a stage's rising edge also
/// writes GO, which plays the loaded sequence. One transfer per stage, not retried, over the
/// loop's own bus (an adapter file of its own on hardware, so the loop takes no locks); the
/// loop's stage→line latency then ends when GO's write returns.
public struct DRV2605LGoLine<Line: HapticLine & ~Copyable, Bus: ByteRegisterBus & ~Copyable>: HapticLine, ~Copyable {
    private var line: Line
    private var bus: Bus
    private let driver: DRV2605L

    public init(line: consuming Line, driver: DRV2605L, bus: consuming Bus) {
        self.line = line
        self.driver = driver
        self.bus = bus
    }

    public mutating func setActive(_ active: Bool) throws(DeviceError) {
        try line.setActive(active)
        guard active else { return }
        do {
            try driver.go(on: &bus)
        } catch {
            guard case .bus(let failure) = error else { return }
            throw failure
        }
    }
}
