import ForcePadCore
import Testing

@Suite struct ThresholdsTests {
    @Test func presetsKeepTouchAndFollowTheConfiguredForces() {
        var settings = ControllerSettings.standard
        settings.thresholds.touch = .grams(30)
        settings.presetForces[.firm] = (.grams(220), .grams(370))
        let firm = settings.thresholds(for: .firm)
        #expect(firm == Thresholds(touch: .grams(30), peek: .grams(220), pop: .grams(370)))
        #expect(settings.thresholds(for: .light) == Thresholds(touch: .grams(30), peek: .grams(100), pop: .grams(200)))
    }

    @Test func phoneScaleIsThreeEightyFiveGramsOverSixPointSixSixSeven() {
        #expect(ForceScale.phone.maximum == .grams(385))
        #expect(ForceScale.phone.averageTouch == Force(milligrams: 57_747))
        #expect(abs(ForceScale.phone.maximumNormalised - 6.667) < 0.001)
    }
}
