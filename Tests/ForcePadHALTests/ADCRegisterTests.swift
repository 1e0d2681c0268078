@testable import ForcePadHAL
import ForcePadCore
import Testing

/// Register values the drivers send, checked against the datasheets' tables.
@Suite struct ADCRegisterTests {
    @Test func ads7830CommandBytesFollowTheDatasheetOrder() {
        #expect((0..<8).map(ADS7830Command.byte(input:)) == [0x84, 0xC4, 0x94, 0xD4, 0xA4, 0xE4, 0xB4, 0xF4])
    }

    @Test func pcf8591ControlKeepsTheOscillatorRunning() {
        #expect((0..<4).map(PCF8591Control.byte(input:)) == [0x40, 0x41, 0x42, 0x43])
    }

    @Test func ads1115SingleShotConfigSelectsInputGainAndRate() {
        // OS=1, MUX=100 (AIN0/GND), PGA=001 (±4.096 V), MODE=1, DR=111 (860), comparator off.
        #expect(ADS1x15Registers.singleShotConfig(model: .ads1115, input: 0, fullScaleMillivolts: 4096, dataRate: 860) == 0xC3E3)
        // AIN3, ±2.048 V (010), 128 SPS (100).
        #expect(ADS1x15Registers.singleShotConfig(model: .ads1115, input: 3, fullScaleMillivolts: 2048, dataRate: 128) == 0xF583)
        // ADS1015 at 3300 SPS is DR=110; ±6.144 V is PGA=000.
        #expect(ADS1x15Registers.singleShotConfig(model: .ads1015, input: 1, fullScaleMillivolts: 6144, dataRate: 3300) == 0xD1C3)
    }

    @Test func conversionsBecomeCountsWithTheADS1015ShiftAndNegativeReadingsAtZero() {
        #expect(ADS1x15Registers.counts(model: .ads1115, conversion: 0x7FFF) == 32767)
        #expect(ADS1x15Registers.counts(model: .ads1115, conversion: 0x1234) == 0x1234)
        #expect(ADS1x15Registers.counts(model: .ads1115, conversion: 0xFFFE) == 0)
        #expect(ADS1x15Registers.counts(model: .ads1015, conversion: 0x7FF0) == 2047)
        #expect(ADS1x15Registers.counts(model: .ads1015, conversion: 0x0010) == 1)
    }

    @Test func conversionWaitIsTheDataRatePeriodWithMargin() {
        #expect(ADS1x15Registers.conversionNanos(dataRate: 860) == 1_299_069)
        #expect(ADS1x15Registers.conversionNanos(dataRate: 8) == 137_520_000)
    }

    @Test func everyCellOfEveryConverterGetsAChannelInBoardOrder() {
        let adc = ADCDescription(model: .ads7830, address: 0x49, inputs: [2, 0], dataRate: 0)
        let channels = adc.inputs.map { ConverterChannel(converter: adc, input: $0) }
        #expect(channels.map(\.command) == [0x94, 0x84])
        #expect(channels.allSatisfy { $0.address == 0x49 && $0.conversionNanos == 0 })
    }
}
