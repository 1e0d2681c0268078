/// A byte-register bus shared by the threads around the loop (the shell's set-up, calibration,
/// effect tests and standby, a signal's standby): each transfer holds a pthread mutex for
/// itself only, so a calibration that polls GO for a second never keeps another thread's
/// standby waiting for more than one transfer. The loop itself never uses it (it takes no
/// locks).
public final class SharedByteRegisterBus<Bus: ByteRegisterBus & ~Copyable>: ByteRegisterBus, @unchecked Sendable {
    private let bus: PosixMutex<Bus>

    public init(_ bus: consuming Bus) {
        self.bus = PosixMutex(bus)
    }

    public func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8 {
        try bus.withLock { (bus: inout Bus) throws(DeviceError) in try bus.readByteData(register: register, from: address) }
    }

    public func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError) {
        try bus.withLock { (bus: inout Bus) throws(DeviceError) in try bus.writeByteData(value, register: register, to: address) }
    }

    /// Runs `body` on the bus itself under the lock (to read a simulated chip's state).
    public func withBus<Result>(_ body: (inout Bus) -> Result) -> Result {
        bus.withLock { (bus: inout Bus) in body(&bus) }
    }
}
