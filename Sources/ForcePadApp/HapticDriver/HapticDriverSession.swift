import ForcePadCore
import ForcePadHAL

/// The board's DRV2605L over `Bus` (``SharedByteRegisterBus`` of the kernel's adapter or of
/// the simulated chip). Keeps what start-up loaded, so that an effect test or a calibration
/// can put the chip back as the stages expect it.
final class HapticDriverSession<Bus: ByteRegisterBus & AnyObject & Sendable>: HapticDriverControl, @unchecked Sendable {
    let description: HapticDriverDescription
    let driver: DRV2605L
    let bus: Bus
    private let state = PosixMutex(SessionState())

    private struct SessionState {
        var calibration: DRV2605LCalibration?
        var sequence: DRV2605LSequence?
        var lastError: String?
    }

    /// How playback starts for each `trigger` of the board file.
    static func playback(for trigger: HapticDriverTrigger) -> DRV2605LPlayback {
        switch trigger {
        case .gpioEdge: .externalEdge
        case .gpioLevel: .externalLevel
        case .i2c: .internalTrigger
        }
    }

    /// Whether start-up selects real-time playback (`rtp` in `[haptics]`) instead of the
    /// board's trigger.
    let realTimePlayback: Bool

    /// Refuses settings the chip cannot take (a library for the other actuator).
    init(description: HapticDriverDescription, bus: Bus, realTimePlayback: Bool = false) throws(DRV2605LError) {
        self.description = description
        self.bus = bus
        self.realTimePlayback = realTimePlayback
        driver = try Self.driver(for: description)
    }

    /// The driver for the board's description: its address, actuator, library, voltages and
    /// the drive time of the LRA's resonance.
    static func driver(for description: HapticDriverDescription) throws(DRV2605LError) -> DRV2605L {
        let driveTime = description.resonanceHertz.map(DRV2605LSettings.lraDriveTime(resonanceHertz:))
        return DRV2605L(
            address: description.address,
            settings: try DRV2605LSettings(
                actuator: description.actuator, library: description.library, ratedVoltage: description.ratedVoltageCode,
                overdriveClamp: description.overdriveClampCode, driveTime: driveTime ?? DRV2605LSettings.defaultDriveTime))
    }

    var lastError: String? { state.withLock { $0.lastError } }

    func start(calibration: DRV2605LCalibration?, sequence: DRV2605LSequence?) throws(DRV2605LError) {
        state.withLock {
            $0.calibration = calibration
            $0.sequence = sequence
        }
        try reported { () throws(DRV2605LError) in try setUp() }
    }

    func resume() throws(DRV2605LError) {
        try reported { () throws(DRV2605LError) in try setUp() }
    }

    @discardableResult func enterStandby() -> DRV2605LError? {
        var bus = bus
        do {
            try driver.enterStandby(on: &bus)
            return nil
        } catch {
            state.withLock { $0.lastError = error.description }
            return error
        }
    }

    func calibrate() throws(DRV2605LError) -> DRV2605LCalibration {
        try reported { () throws(DRV2605LError) in
            var bus = bus
            var clock = MonotonicClock()
            let calibration = try driver.calibrate(on: &bus, clock: &clock)
            state.withLock { $0.calibration = calibration }
            try setUp()
            return calibration
        }
    }

    func play(effect: Int) throws(DRV2605LError) {
        let single: DRV2605LSequence
        do {
            single = try DRV2605LSequence([.effect(effect)])
        } catch {
            throw .sequence(error)
        }
        try reported { () throws(DRV2605LError) in
            var bus = bus
            try driver.load(single, on: &bus)
            try driver.select(.internalTrigger, on: &bus)
            try driver.go(on: &bus)
            var clock = MonotonicClock()
            try driver.waitForPlayback(on: &bus, clock: &clock)
            try setUp()
        }
    }

    func load(_ sequence: DRV2605LSequence) throws(DRV2605LError) {
        state.withLock { $0.sequence = sequence }
        try reported { () throws(DRV2605LError) in
            var bus = bus
            try driver.load(sequence, on: &bus)
        }
    }

    func go() throws(DRV2605LError) {
        try reported { () throws(DRV2605LError) in
            var bus = bus
            try driver.go(on: &bus)
        }
    }

    func checkStatus() throws(DRV2605LError) {
        try reported { () throws(DRV2605LError) in
            var bus = bus
            try driver.checkStatus(on: &bus)
        }
    }

    func isPlaying() throws(DRV2605LError) -> Bool {
        try reported { () throws(DRV2605LError) in
            var bus = bus
            return try driver.isPlaying(on: &bus)
        }
    }

    func isInStandby() throws(DRV2605LError) -> Bool {
        try reported { () throws(DRV2605LError) in
            var bus = bus
            return try driver.isInStandby(on: &bus)
        }
    }

    /// Start-up's register writes with what this session keeps.
    private func setUp() throws(DRV2605LError) {
        let (calibration, sequence) = state.withLock { ($0.calibration, $0.sequence) }
        var bus = bus
        try driver.start(on: &bus)
        if let calibration { try driver.restore(calibration, on: &bus) }
        if let sequence { try driver.load(sequence, on: &bus) }
        try driver.select(realTimePlayback ? .realTime : Self.playback(for: description.trigger), on: &bus)
    }

    /// Runs `body`, keeping its failure as ``lastError``.
    private func reported<Result>(_ body: () throws(DRV2605LError) -> Result) throws(DRV2605LError) -> Result {
        do {
            return try body()
        } catch {
            state.withLock { $0.lastError = error.description }
            throw error
        }
    }
}
