import ForcePadCore
import ForcePadHAL

/// The TI DRV2605L as a ``HapticDriverChip``: started through ``HapticDriverStartUp`` as a
/// ``HapticDriverSession``, written by the loop through ``DRV2605LRealTimeLine`` (RTP
/// amplitudes) or ``DRV2605LGoLine`` (GO at each stage).
struct DRV2605LChip: HapticDriverChip {
    static let model = "DRV2605L"

    /// The chip at the board's address with its actuator, library and voltages.
    let driver: DRV2605L

    static func open(
        _ description: HapticDriverDescription, calibration: DRV2605LCalibration?, sequence: DRV2605LSequence?,
        realTimePlayback: Bool, simulatedPlayback: SimulatedDRV2605LPlayback?
    ) throws(SetupError) -> any HapticDriverControl {
        try HapticDriverStartUp.open(
            description, calibration: calibration, sequence: sequence, realTimePlayback: realTimePlayback,
            simulatedPlayback: simulatedPlayback)
    }

    static func control(_ description: HapticDriverDescription, sysfsRoot: String) throws(SetupError) -> any HapticDriverControl {
        try HapticDriverStartUp.makeControl(description, sysfsRoot: sysfsRoot)
    }

    init(loopWritesFor description: HapticDriverDescription) throws(SetupError) {
        do {
            driver = try HapticDriverSession<SharedByteRegisterBus<SimulatedDRV2605L>>.driver(for: description)
        } catch {
            throw SetupError("haptic driver: \(error.description)", exitCode: 1)
        }
    }

    func loopBody<
        Source: FrameSource & ~Copyable & SendableMetatype, Line: HapticLine & ~Copyable & SendableMetatype, Maker: LoopBodyMaker
    >(
        source: consuming Source, line: consuming Line, writes: HapticDriverLoopWrites, busDevice: String?, maker: Maker
    ) throws(DeviceError) -> @Sendable () -> Void {
        guard let busDevice else {
            let chip = SimulatedDRV2605L(address: driver.address)
            switch writes {
            case .amplitude: return maker.body(source, DRV2605LRealTimeLine(line: line, driver: driver, bus: chip))
            case .go: return maker.body(source, DRV2605LGoLine(line: line, driver: driver, bus: chip))
            }
        }
        let bus = try I2CBus(devicePath: busDevice)
        switch writes {
        case .amplitude: return maker.body(source, DRV2605LRealTimeLine(line: line, driver: driver, bus: bus))
        case .go: return maker.body(source, DRV2605LGoLine(line: line, driver: driver, bus: bus))
        }
    }
}
