import ForcePadConfig
import ForcePadCore
import Testing

@Suite("Shipped board files and the example config")
struct ShippedFilesTests {
    static let boardFiles = ["rpi4-ads7830.toml", "rpi5-ads1115.toml", "sim-stand.toml", "sim.toml", "zero2w-pcf8591.toml"]

    @Test func theBoardsFolderHoldsExactlyTheDocumentedBoards() {
        #expect(PackageRoot.files(in: "boards") == Self.boardFiles)
    }

    @Test(arguments: boardFiles)
    func everyBoardLoadsAndIsNamedAfterItsFile(file: String) throws {
        let board = try BoardFileLoader.load(path: PackageRoot.path("boards/" + file))
        #expect(board.name + ".toml" == file)
        #expect(board.geometry.cellCount == board.channelCount)
        #expect(Double(board.sampleRateHz) <= board.sampleRateCeilingHz)
        #expect(board.calibration.points.count == 10)
        #expect(board.calibration.saturationForce == .grams(500))
    }

    @Test func simBoard() throws {
        let board = try BoardFileLoader.load(path: PackageRoot.path("boards/sim.toml"))
        #expect(board.isSimulated)
        #expect(board.bus == nil)
        #expect(board.adcs == [ADCDescription(model: .sim, address: 0x48, inputs: [0, 1, 2, 3], dataRate: 0)])
        #expect(board.geometry == .strip(cells: 4))
        #expect(board.sampleRateHz == 1000)
        #expect(board.sampleRateCeilingHz == .infinity)
        #expect(board.haptic == HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false))
        #expect(board.serial == SerialPortDescription(device: "/dev/serial0", baud: 115_200))
        #expect(board.simulation == SimulationSettings(noise: Force(milligrams: 300), seed: 1, riseMicros: 20_000))
        #expect(
            board.hapticDriver
                == HapticDriverDescription(
                    busDevice: nil, address: 0x5A, actuator: .lra, library: .lra, ratedVoltageCode: 83,
                    overdriveClampCode: 117, resonanceHertz: 175, trigger: .gpioEdge))
        #expect(board.calibration.points.map(\.counts) == [0, 256, 585, 1024, 1638, 2048, 2340, 2730, 2978, 3150])
        #expect(board.calibration.points.map(\.force) == [0, 10, 25, 50, 100, 150, 200, 300, 400, 500].map { Force.grams($0) })
    }

    @Test func raspberryPi4WithADS7830() throws {
        let board = try BoardFileLoader.load(path: PackageRoot.path("boards/rpi4-ads7830.toml"))
        #expect(board.name == "rpi4-ads7830")
        #expect(board.bus == I2CBusDescription(device: "/dev/i2c-1", clockHz: 400_000))
        #expect(board.adcs == [ADCDescription(model: .ads7830, address: 0x48, inputs: Array(0...7), dataRate: 0)])
        #expect(board.geometry == .grid(rows: 2, columns: 4))
        #expect(board.geometry.cellCount == 8)
        #expect(board.sampleRateHz == 1000)
        #expect(Int(board.sampleRateCeilingHz) == 1315)
        #expect(board.haptic == HapticLineDescription(lineName: "GPIO18", chip: "pinctrl-bcm2711", activeLow: false))
        #expect(board.serial.device == "/dev/serial0")
        #expect(board.simulation == nil)
        #expect(board.calibration.points.map(\.counts) == [0, 16, 36, 64, 102, 128, 146, 170, 185, 196])
    }

    @Test func raspberryPi5WithADS1115() throws {
        let board = try BoardFileLoader.load(path: PackageRoot.path("boards/rpi5-ads1115.toml"))
        #expect(board.bus == I2CBusDescription(device: "/dev/i2c-1", clockHz: 400_000))
        #expect(board.adcs == [ADCDescription(model: .ads1115, address: 0x48, inputs: [0, 1, 2, 3], dataRate: 860, fullScaleMillivolts: 4096)])
        #expect(board.geometry == .strip(cells: 4))
        #expect(board.sampleRateHz == 150)
        #expect(Int(board.sampleRateCeilingHz) == 152)
        #expect(board.haptic.line == .named("GPIO18", chip: nil))
        #expect(board.calibration.points.map(\.counts) == [0, 2048, 4681, 8192, 13107, 16384, 18724, 21845, 23831, 25205])
    }

    @Test func piZero2WWithPCF8591() throws {
        let board = try BoardFileLoader.load(path: PackageRoot.path("boards/zero2w-pcf8591.toml"))
        #expect(board.bus == I2CBusDescription(device: "/dev/i2c-1", clockHz: 100_000))
        #expect(board.adcs == [ADCDescription(model: .pcf8591, address: 0x48, inputs: [0, 1, 2, 3], dataRate: 0)])
        #expect(board.sampleRateHz == 400)
        #expect(Int(board.sampleRateCeilingHz) == 431)
        #expect(board.serial == SerialPortDescription(device: "/dev/ttyGS0", baud: 115_200))
    }

    @Test func exampleConfigLoadsWithEverySection() throws {
        let settings = try ConfigFileLoader.load(path: PackageRoot.path("docs/forcepad.example.toml"))
        #expect(settings.preset == .medium)
        #expect(settings.faults == SensorFaultSettings(lostAfterFrames: 10, reprobeMicros: 200_000))
        #expect(settings.thresholds == Thresholds(touch: .grams(20), peek: .grams(150), pop: .grams(300)))
        #expect(settings.presetForces[.firm]?.peek == .grams(200))
        #expect(settings.presetForces[.firm]?.pop == .grams(350))
        #expect(settings.hysteresis == .standard)
        #expect(settings.forceScale == ForceScale(averageTouch: Force(milligrams: 57_747), maximum: .grams(385)))
        #expect(settings.filter == .standard)
        #expect(settings.haptics.patterns.keys.sorted() == ["double-tap", "menu", "peek", "pop", "release", "tick"])
        #expect(settings.haptics.patterns["double-tap"]?.stepMicros == [10_000, 40_000, 10_000])
        #expect(settings.shortcuts.map(\.type) == ["lab.tare", "lab.preset.firm", "lab.record", "lab.haptic-test"])
        #expect(settings.shortcuts.map(\.command) == ["tare", "preset firm", "record start session", "haptic test pop"])
        #expect(settings.shortcuts.map(\.icon) == [.tare, .preset, .record, .haptic])
        #expect(settings.shortcuts[2].userInfo == ["owner": "lab", "purpose": "threshold study"])
        #expect(settings.trialLimits == TrialLimits(
            peek: StageLimits(tolerance: .grams(60), stageToLineP99Micros: 1_000),
            pop: StageLimits(tolerance: .grams(60), stageToLineP99Micros: 1_000), cancelRatePermille: 50, maxChatter: 0))
        #expect(settings.logLevel == "info")
    }
}
