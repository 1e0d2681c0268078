import ForcePadCore
import ForcePadHAL
import Testing

@testable import ForcePadApp

/// The prompt hears once when a running trial loses a press to missed loop periods.
@Suite struct EventTapNoticeTests {
    static let position = PadPosition(x: 0, y: 0)

    @Test func aMissedPeriodDuringATrialPressIsToldOnceAndNotBetweenPresses() {
        let tap = EventTap()
        tap.begin(trialPresses: 3)
        let line = { "{}" as String? }
        #expect(tap.take(.overrun(atMicros: 500, missedPeriods: 1), line: line) == nil, "no press is going on")
        tap.take(.press(.began(atMicros: 1000, force: .zero, position: Self.position)), line: line)
        let notice = tap.take(.overrun(atMicros: 1500, missedPeriods: 2), line: line)
        #expect(notice == "press 1 of the trial lost 2 loop periods (a busy machine): it is left out of the verdict and the trial goes on; trial report lists every press left out")
        #expect(tap.take(.overrun(atMicros: 1600, missedPeriods: 1), line: line) == nil, "told once")
        tap.take(.press(.released(atMicros: 2000, stage: .none)), line: line)
        tap.begin(trialPresses: 3)
        tap.take(.press(.began(atMicros: 3000, force: .zero, position: Self.position)), line: line)
        #expect(tap.take(.overrun(atMicros: 3500, missedPeriods: 1), line: line) != nil, "a new trial is told again")
        tap.begin(trialPresses: 0)
        tap.take(.press(.began(atMicros: 4000, force: .zero, position: Self.position)), line: line)
        #expect(tap.take(.overrun(atMicros: 4500, missedPeriods: 1), line: line) == nil, "a plain recording has no verdict to lose")
    }
}
