import ForcePadCore
import Testing

@Suite struct ThresholdsTests {
    @Test func orderIsEnforced() {
        #expect(Thresholds(touch: .grams(20), peek: .grams(150), pop: .grams(300)).problem == nil)
        #expect(Thresholds(touch: .grams(20), peek: .grams(300), pop: .grams(300)).problem == "pop (300g) must be above peek (300g)")
        #expect(Thresholds(touch: .grams(200), peek: .grams(150), pop: .grams(300)).problem == "peek (150g) must be above touch (200g)")
        #expect(Thresholds(touch: .zero, peek: .grams(150), pop: .grams(300)).problem == "touch must be above 0g (is 0g)")
    }

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
