import ForcePadCore
import Testing

/// Actuator voltages to RATED_VOLTAGE and OD_CLAMP codes, by the datasheet's closed-loop
/// equations.
@Suite struct DRV2605LVoltageTests {
    @Test func anLRAsRatedRMSVoltageIsScaledByItsResonance() {
        // 2.0 V × √(1 − 1.5 ms × 175 Hz) / 20.58 mV = 83.46: TI's forum answer for this LRA is 0x53.
        #expect(DRV2605LVoltage.ratedVoltageCode(millivolts: 2000, actuator: .lra, resonanceHertz: 175) == 83)
        #expect(DRV2605LVoltage.ratedVoltageCode(millivolts: 2000, actuator: .lra, resonanceHertz: 700) == nil)
        #expect(DRV2605LVoltage.overdriveClampCode(millivolts: 2500, actuator: .lra) == 117)
    }

    @Test func anERMsVoltagesAre21_96MillivoltsACode() {
        #expect(DRV2605LVoltage.ratedVoltageCode(millivolts: 3000, actuator: .erm, resonanceHertz: nil) == 137)
        #expect(DRV2605LVoltage.overdriveClampCode(millivolts: 3300, actuator: .erm) == 150)
        #expect(DRV2605LVoltage.overdriveClampCode(millivolts: 5600, actuator: .erm) == 255)
    }
}
