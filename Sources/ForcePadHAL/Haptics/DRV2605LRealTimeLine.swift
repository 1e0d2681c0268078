import ForcePadCore

/// The haptic output of a board whose DRV2605L runs in real-time playback (`rtp` in
/// `[haptics]`): edges go to the GPIO line as before, amplitudes to the chip's RTP_INPUT over
/// the loop's own bus (one transfer, not retried: the loop writes again next period). Owned
/// by the loop, which takes no locks: on hardware the bus is an I2C adapter file of its own
/// (the kernel orders its transfers with the other threads').
public struct DRV2605LRealTimeLine<Line: HapticLine & ~Copyable, Bus: ByteRegisterBus & ~Copyable>: HapticLine, ~Copyable {
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
    }

    public mutating func setAmplitude(_ amplitude: UInt8) throws(DeviceError) {
        do {
            try driver.writeRealTimeAmplitude(amplitude, on: &bus)
        } catch {
            guard case .bus(let failure) = error else { return }
            throw failure
        }
    }
}
