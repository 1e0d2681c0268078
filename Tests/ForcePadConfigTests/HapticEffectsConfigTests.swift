import ForcePadConfig
import ForcePadCore
import Testing

/// Stage sequences in `[haptics.patterns]` and the rules tying them to the board's driver.
@Suite struct HapticEffectsConfigTests {
    static let driver = HapticDriverDescription(
        busDevice: nil, address: 0x5A, actuator: .lra, library: .lra, ratedVoltageCode: 83, overdriveClampCode: 117,
        resonanceHertz: 175, trigger: .gpioEdge)

    static func load(_ text: String, driver: HapticDriverDescription? = driver) throws(ConfigError) -> ControllerSettings {
        try ConfigSnapshot(layers: [ConfigLayer(file: "f.toml", text: text)], sampleRateHz: 1000, hapticDriver: driver).settings
    }

    static func message(_ text: String, driver: HapticDriverDescription? = driver) -> String? {
        let error = #expect(throws: ConfigError.self) { try load(text, driver: driver) }
        return error?.description
    }

    static let effects = """
        [haptics.patterns]
        peek = "effect 24"
        pop = "effect 1 then wait 50ms then effect 1"
        """

    @Test func stageSequencesLoadAndTheirLinePatternIsOneEdge() throws {
        let haptics = try Self.load(Self.effects).haptics
        #expect(haptics.effects["peek"] == (try DRV2605LSequence([.effect(24)])))
        #expect(haptics.effects["pop"]?.description == "effect 1 then wait 50ms then effect 1")
        #expect(haptics.patterns["peek"]?.stepMicros == [haptics.triggerWidthMicros])
        let values = ConfigValueList.values(of: try Self.load(Self.effects))
        #expect(values.first { $0.key == "haptics.patterns.pop" }?.text == "\"effect 1 then wait 50ms then effect 1\"")
    }

    @Test func aSequenceOnABoardWithoutADriverSaysHowToFixIt() {
        #expect(Self.message(Self.effects, driver: nil)
            == "f.toml:2: haptics.patterns.peek: 'effect 24' plays on a DRV2605L, and the board has no [haptic.driver]: write an on/off pattern such as \"on 20ms\", or add the driver to the board file")
    }

    @Test func onlyStagesTakeSequencesAndGPIOLevelTakesNone() {
        #expect(Self.message("[haptics.patterns]\ntick = \"effect 24\"")
            == "f.toml:2: haptics.patterns.tick: 'effect 24' is a DRV2605L sequence, which only the stages peek, pop and release play; give tick an on/off pattern such as \"on 20ms\"")
        var level = Self.driver
        level.trigger = .gpioLevel
        #expect(Self.message(Self.effects, driver: level)?.hasPrefix(
            "f.toml:2: haptics.patterns.peek: 'effect 24' needs the board's DRV2605L trigger gpio-edge or i2c") == true)
    }

    @Test func anOnOffStagePatternWithTheI2CTriggerIsRefused() {
        var i2c = Self.driver
        i2c.trigger = .i2c
        #expect(Self.message("[haptics.patterns]\npop = \"on 20ms\"", driver: i2c)
            == "f.toml:2: haptics.patterns.pop: the board's DRV2605L is triggered over I2C (no wire to IN/TRIG), so an on/off pattern cannot play: give a sequence such as \"effect 24\"")
    }

    @Test func aSequenceThatDoesNotFitIsAFileLineKeyError() {
        #expect(Self.message("[haptics.patterns]\npop = \"effect 1 then wait 2s\"")
            == "f.toml:2: haptics.patterns.pop: step 2: wait 2000 ms is not one the DRV2605L sequencer holds: waits are 10 to 1270 ms in steps of 10 ms")
    }
}
