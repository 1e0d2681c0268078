import ForcePadCore
import Testing

/// The auto-calibration's registers as the quantities they stand for (datasheet's equations).
@Suite struct DRV2605LCalibrationTests {
    @Test func compensationIsOnePlusTheRegisterOver255() {
        #expect(DRV2605LCalibration(compensation: 0x0D, backEMF: 0, backEMFGain: 0).compensationPermille == 1051)
        #expect(DRV2605LCalibration(compensation: 0, backEMF: 0, backEMFGain: 0).compensationPermille == 1000)
        #expect(DRV2605LCalibration(compensation: 0xFF, backEMF: 0, backEMFGain: 0).compensationPermille == 2000)
    }

    @Test func backEMFIsTheRegisterOver255Times1_22VOverTheActuatorsGain() {
        // 120 / 255 × 1.22 V / 7.5 = 76.549 mV; an ERM's gain 1 is 0.7875×: 729.038 mV.
        let calibration = DRV2605LCalibration(compensation: 0x0D, backEMF: 0x78, backEMFGain: 1)
        #expect(calibration.backEMFGainTenThousandths(for: .lra) == 75_000)
        #expect(calibration.backEMFMicrovolts(for: .lra) == 76_549)
        #expect(calibration.backEMFGainTenThousandths(for: .erm) == 7_875)
        #expect(calibration.backEMFMicrovolts(for: .erm) == 729_038)
    }
}
