import ForcePadCore
import Testing

/// The ceilings must match the published per-channel figures at 400 kHz (ADS7830 4 ch ≈
/// 2.0–2.6 kHz, 8 ch ≈ 1.0–1.3 kHz). The published ADS1x15 figures (ADS1115 4 ch ≈ 160–180 Hz,
/// ADS1015 ≈ 400–465 Hz) read without checking the conversion is ready; the driver checks it
/// (48 bus bits more per input), so its ceilings sit just below them.
@Suite struct ADCModelTests {
    func ceiling(_ model: ADCModel, inputs: Int, busHz: Int = 400_000, dataRate: Int = 0) -> Double {
        let adc = ADCDescription(model: model, address: 0x48, inputs: Array(0..<inputs), dataRate: dataRate)
        return 1_000_000 / adc.frameReadMicros(busHz: busHz)
    }

    @Test func ads1115FourChannelsAt860SPS() {
        #expect(ceiling(.ads1115, inputs: 4, dataRate: 860).rounded(.down) == 152)
    }

    @Test func ads1015FourChannelsAt3300SPS() {
        #expect(ceiling(.ads1015, inputs: 4, dataRate: 3300).rounded(.down) == 363)
    }

    @Test func ads7830() {
        #expect((2000...2650).contains(ceiling(.ads7830, inputs: 4)))
        #expect((1000...1320).contains(ceiling(.ads7830, inputs: 8)))
    }

    @Test func pcf8591IsBoundByItsHundredKilohertzBus() {
        #expect(Int(ceiling(.pcf8591, inputs: 4, busHz: 100_000)) == 431)
    }
}
