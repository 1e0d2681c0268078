import ForcePadCore
import Testing

extension ForceFrame {
    /// A one-cell frame at `millis` ms: total `grams`, centroid at (`x`, `y`) Q16, and
    /// `contacts` regions (by default one while any force is present).
    static func menuFrame(millis: Int64, grams: Int32 = 200, x: Int32, y: Int32 = 1 << 15, contacts: Int? = nil) -> ForceFrame {
        var frame = ForceFrame(cellCount: 1)
        frame.cellMilligrams[0] = grams * 1000
        frame.total = .grams(grams)
        frame.contacts = contacts ?? (grams > 0 ? 1 : 0)
        frame.centroid = PadPosition(x: x, y: y)
        frame.timeMicros = millis * 1000
        frame.sequence = UInt64(millis)
        return frame
    }
}

/// Q16 x at the middle of `slot` (1…`count`) of `count` equal zones.
func zoneCenter(_ slot: Int, of count: Int) -> Int32 {
    Int32((2 * slot - 1) * 65536 / (2 * count))
}

/// Feeds a quick-action menu frame by frame, as the loop does, and keeps every event.
struct QuickActionMenuDriver {
    var menu: QuickActionMenu
    var events: [QuickActionEvent] = []

    init(settings: QuickActionMenuSettings = .standard) {
        menu = QuickActionMenu(settings: settings)
    }

    /// One frame at `millis` ms.
    mutating func frame(
        _ millis: Int64, popHeld: Bool, x: Int32 = 1 << 15, y: Int32 = 1 << 15, contacts: Int = 1, slots: Int = 4
    ) {
        var buffer = QuickActionEventBuffer()
        menu.update(
            with: .menuFrame(millis: millis, x: x, y: y, contacts: contacts), popHeld: popHeld, shownShortcuts: slots,
            into: &buffer)
        events += buffer
    }

    /// One frame per ms over `range`, all alike.
    mutating func frames(
        _ range: ClosedRange<Int64>, popHeld: Bool, x: Int32 = 1 << 15, y: Int32 = 1 << 15, contacts: Int = 1, slots: Int = 4
    ) {
        for millis in range {
            frame(millis, popHeld: popHeld, x: x, y: y, contacts: contacts, slots: slots)
        }
    }

    mutating func press(_ event: PressEvent) {
        var buffer = QuickActionEventBuffer()
        menu.handle(event, into: &buffer)
        events += buffer
    }

    /// The events since the last call.
    mutating func take() -> [QuickActionEvent] {
        defer { events = [] }
        return events
    }
}

/// µs from ms, for event literals.
func micros(_ millis: Int64) -> Int64 { millis * 1000 }

@Suite struct QuickActionMenuTests {
    @Test func standardSettings() {
        let settings = QuickActionMenuSettings.standard
        #expect(settings.enabled)
        #expect(settings.openHoldMicros == 500_000)
        #expect(settings.timeoutMicros == 5_000_000)
        #expect(settings.borderMarginQ16 == 2048)
    }

    // MARK: Opening

    @Test func opensExactlyWhenPopHasBeenHeldForTheOpenHold() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...99, popHeld: false)
        driver.frames(100...599, popHeld: true, x: zoneCenter(3, of: 4))
        #expect(driver.take() == [])
        #expect(driver.menu.phase == .holding)
        driver.frame(600, popHeld: true, x: zoneCenter(3, of: 4))
        #expect(driver.take() == [.opened(atMicros: micros(600), slotCount: 4), .selected(atMicros: micros(600), slot: 3)])
        #expect(driver.menu.phase == .open)
        #expect(driver.menu.slotCount == 4)
        #expect(driver.menu.selectedSlot == 3)
    }

    @Test func theOpenHoldIsConfigurable() {
        var settings = QuickActionMenuSettings.standard
        settings.openHoldMicros = 250_000
        var driver = QuickActionMenuDriver(settings: settings)
        driver.frames(0...249, popHeld: true, x: 0)
        #expect(driver.take() == [])
        driver.frame(250, popHeld: true, x: 0)
        #expect(driver.take() == [.opened(atMicros: micros(250), slotCount: 4), .selected(atMicros: micros(250), slot: 1)])
    }

    @Test func opensWithOneSlotPerShortcutShownAtMostFourFixedWhileOpen() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...500, popHeld: true, x: 65536, slots: 2)
        #expect(driver.take() == [.opened(atMicros: micros(500), slotCount: 2), .selected(atMicros: micros(500), slot: 2)])
        driver.frames(501...600, popHeld: true, x: 65536, slots: 3)
        #expect(driver.take() == [])
        #expect(driver.menu.slotCount == 2)

        var many = QuickActionMenuDriver()
        many.frames(0...500, popHeld: true, x: 65536, slots: 9)
        #expect(many.take() == [.opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 4)])
    }

    @Test func neverOpensWithNoShortcutShown() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...2000, popHeld: true, slots: 0)
        #expect(driver.take() == [])
        #expect(driver.menu.phase == .waitingForRelease)
        driver.press(.released(atMicros: micros(2001), stage: .pop))
        #expect(driver.take() == [])
        #expect(driver.menu.phase == .closed)
    }

    @Test func aPressThatLeavesPopBeforeTheHoldDoesNotOpenIt() {
        var driver = QuickActionMenuDriver()
        driver.frames(100...400, popHeld: true)
        driver.frame(401, popHeld: false)
        driver.frames(402...1500, popHeld: true)
        #expect(driver.take() == [])
        #expect(driver.menu.phase == .waitingForRelease)
    }

    @Test func neverOpensWhenTurnedOff() {
        var settings = QuickActionMenuSettings.standard
        settings.enabled = false
        var driver = QuickActionMenuDriver(settings: settings)
        driver.frames(0...2000, popHeld: true)
        #expect(driver.take() == [])
        #expect(driver.menu.phase == .closed)
    }

    @Test func nothingIsReportedWhileClosed() {
        var driver = QuickActionMenuDriver()
        for millis in Int64(0)...300 {
            driver.frame(millis, popHeld: false, x: Int32(millis * 200), contacts: Int(millis % 3))
        }
        driver.press(.began(atMicros: micros(301), force: .grams(30), position: .center))
        driver.press(.peek(atMicros: micros(302), force: .grams(160)))
        driver.press(.pop(atMicros: micros(303), force: .grams(310)))
        driver.press(.released(atMicros: micros(304), stage: .pop))
        driver.press(.cancelled(atMicros: micros(305), reason: .command))
        #expect(driver.take() == [])
        #expect(driver.menu.phase == .closed)
        #expect(driver.menu.selectedSlot == nil)
    }

    // MARK: Selecting

    @Test func aSweepAcrossThePadSelectsEachSlotPastTheBorderMargin() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...500, popHeld: true, x: 0)
        // 1 ms per step of 1024 (1/64 of the width): forward to the far edge, then back.
        for step in Int64(1)...64 {
            driver.frame(500 + step, popHeld: false, x: Int32(step * 1024))
        }
        for step in (Int64(0)...63).reversed() {
            driver.frame(628 - step, popHeld: false, x: Int32(step * 1024))
        }
        // Up: borders at 16384, 32768, 49152, crossed at +2048. Down: at −2048.
        #expect(driver.take() == [
            .opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 1),
            .selected(atMicros: micros(518), slot: 2), .selected(atMicros: micros(534), slot: 3),
            .selected(atMicros: micros(550), slot: 4),
            .selected(atMicros: micros(583), slot: 3), .selected(atMicros: micros(599), slot: 2),
            .selected(atMicros: micros(615), slot: 1),
        ])
    }

    @Test func noiseOnABorderDoesNotFlicker() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...500, popHeld: true, x: 16384 - 1500)
        for millis in Int64(501)...1500 {
            driver.frame(millis, popHeld: false, x: millis % 2 == 0 ? 16384 + 1500 : 16384 - 1500)
        }
        #expect(driver.take() == [.opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 1)])

        var settings = QuickActionMenuSettings.standard
        settings.borderMarginQ16 = 0
        var bare = QuickActionMenuDriver(settings: settings)
        bare.frames(0...500, popHeld: true, x: 16384 - 1500)
        for millis in Int64(501)...504 {
            bare.frame(millis, popHeld: false, x: millis % 2 == 0 ? 16384 + 1500 : 16384 - 1500)
        }
        #expect(bare.take() == [
            .opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 1),
            .selected(atMicros: micros(502), slot: 2), .selected(atMicros: micros(503), slot: 1),
            .selected(atMicros: micros(504), slot: 2),
        ])
    }

    @Test func threeZonesHaveExactBorders() {
        var settings = QuickActionMenuSettings.standard
        settings.borderMarginQ16 = 0
        var driver = QuickActionMenuDriver(settings: settings)
        driver.frames(0...500, popHeld: true, x: 21845, slots: 3)
        driver.frame(501, popHeld: false, x: 21846)
        driver.frame(502, popHeld: false, x: 43690)
        driver.frame(503, popHeld: false, x: 43691)
        #expect(driver.take() == [
            .opened(atMicros: micros(500), slotCount: 3), .selected(atMicros: micros(500), slot: 1),
            .selected(atMicros: micros(501), slot: 2), .selected(atMicros: micros(503), slot: 3),
        ])
    }

    @Test func onAGridOnlyXCounts() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...500, popHeld: true, x: zoneCenter(2, of: 4), y: 0)
        for millis in Int64(501)...564 {
            driver.frame(millis, popHeld: false, x: zoneCenter(2, of: 4), y: Int32((millis - 500) * 1024))
        }
        #expect(driver.take() == [.opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 2)])
    }

    @Test func framesWithoutAContactRegionChangeNothing() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...500, popHeld: true, x: zoneCenter(1, of: 4))
        driver.frames(501...600, popHeld: false, x: zoneCenter(4, of: 4), contacts: 0)
        #expect(driver.take() == [.opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 1)])
        #expect(driver.menu.selectedSlot == 1)
    }

    // MARK: Closing

    @Test func liftingPerformsTheSelectedSlot() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...500, popHeld: true, x: zoneCenter(1, of: 4))
        driver.frames(501...700, popHeld: false, x: zoneCenter(2, of: 4))
        driver.press(.released(atMicros: micros(701), stage: .pop))
        #expect(driver.take() == [
            .opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 1),
            .selected(atMicros: micros(501), slot: 2), .performed(atMicros: micros(701), slot: 2),
        ])
        #expect(driver.menu.phase == .closed)
        #expect(driver.menu.selectedSlot == nil)
        #expect(driver.menu.slotCount == 0)
        // The next press opens it again.
        driver.frames(702...1000, popHeld: false)
        driver.frames(1001...1501, popHeld: true, x: zoneCenter(4, of: 4))
        #expect(driver.take() == [.opened(atMicros: micros(1501), slotCount: 4), .selected(atMicros: micros(1501), slot: 4)])
    }

    @Test func liftingWithNothingSelectedDismisses() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...499, popHeld: true)
        driver.frames(500...520, popHeld: true, contacts: 0)
        driver.press(.released(atMicros: micros(521), stage: .pop))
        #expect(driver.take() == [.opened(atMicros: micros(500), slotCount: 4), .dismissed(atMicros: micros(521), reason: .lifted)])
        #expect(driver.menu.phase == .closed)
    }

    @Test func aSelectionUnchangedForTheTimeoutDismissesUntilThePressEnds() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...500, popHeld: true, x: zoneCenter(2, of: 4))
        #expect(driver.take() == [.opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 2)])
        driver.frames(501...5499, popHeld: true, x: zoneCenter(2, of: 4))
        #expect(driver.take() == [])
        driver.frame(5500, popHeld: true, x: zoneCenter(2, of: 4))
        #expect(driver.take() == [.dismissed(atMicros: micros(5500), reason: .timeout)])
        #expect(driver.menu.phase == .waitingForRelease)
        // Still held at pop and moving: nothing until the press ends, and the lift performs nothing.
        driver.frames(5501...7000, popHeld: true, x: zoneCenter(4, of: 4))
        driver.press(.released(atMicros: micros(7001), stage: .pop))
        #expect(driver.take() == [])
        #expect(driver.menu.phase == .closed)
    }

    @Test func eachSelectionChangeRestartsTheTimeout() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...500, popHeld: true, x: zoneCenter(1, of: 4))
        driver.frames(501...2999, popHeld: false, x: zoneCenter(1, of: 4))
        driver.frames(3000...7999, popHeld: false, x: zoneCenter(2, of: 4))
        driver.frame(8000, popHeld: false, x: zoneCenter(2, of: 4))
        #expect(driver.take() == [
            .opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 1),
            .selected(atMicros: micros(3000), slot: 2), .dismissed(atMicros: micros(8000), reason: .timeout),
        ])
    }

    @Test func aCancelledPressDismisses() {
        var driver = QuickActionMenuDriver()
        driver.frames(0...600, popHeld: true, x: zoneCenter(3, of: 4))
        driver.press(.cancelled(atMicros: micros(601), reason: .multiTouch))
        driver.frames(602...700, popHeld: false)
        #expect(driver.take() == [
            .opened(atMicros: micros(500), slotCount: 4), .selected(atMicros: micros(500), slot: 3),
            .dismissed(atMicros: micros(601), reason: .cancelled),
        ])
        #expect(driver.menu.phase == .closed)
    }

    // MARK: With the recogniser

    @Test func popHoldSlideAndLiftWithThePressRecognizer() {
        var recognizer = PressRecognizer(settings: .standard(dwellMicros: 5_000))
        var menu = QuickActionMenu(settings: .standard)
        var pressEvents = PressEventBuffer()
        var menuEvents = QuickActionEventBuffer()
        var allPress: [PressEvent] = []
        var allMenu: [QuickActionEvent] = []
        for millis in Int64(0)...950 {
            let frame: ForceFrame
            switch millis {
            case ..<100: frame = .menuFrame(millis: millis, grams: 0, x: 1 << 15)
            case ..<700: frame = .menuFrame(millis: millis, grams: 400, x: 8192)
            case ..<800: frame = .menuFrame(millis: millis, grams: 100, x: 8192 + Int32(millis - 700) * 500)
            case ..<900: frame = .menuFrame(millis: millis, grams: 100, x: 8192 + 100 * 500)
            default: frame = .menuFrame(millis: millis, grams: 0, x: 1 << 15)
            }
            pressEvents.removeAll()
            menuEvents.removeAll()
            recognizer.update(with: frame, into: &pressEvents)
            for event in pressEvents {
                menu.handle(event, into: &menuEvents)
            }
            let popHeld = recognizer.state == .pop && recognizer.isDeepestStageHeld
            menu.update(with: frame, popHeld: popHeld, shownShortcuts: 3, into: &menuEvents)
            allPress += pressEvents.filter {
                if case .progress = $0 { false } else { true }
            }
            allMenu += menuEvents
        }
        #expect(allPress == [
            .began(atMicros: micros(105), force: .grams(400), position: PadPosition(x: 8192, y: 1 << 15)),
            .peek(atMicros: micros(105), force: .grams(400)), .pop(atMicros: micros(105), force: .grams(400)),
            .released(atMicros: micros(900), stage: .pop),
        ])
        // Pop fires at 105 ms and is held until 700 ms; the slide (500 per ms) passes the
        // borders of three zones (2/3 and 4/3 of 32768) 2048 further on, at 732 and 776 ms.
        #expect(allMenu == [
            .opened(atMicros: micros(605), slotCount: 3), .selected(atMicros: micros(605), slot: 1),
            .selected(atMicros: micros(732), slot: 2), .selected(atMicros: micros(776), slot: 3),
            .performed(atMicros: micros(900), slot: 3),
        ])
    }
}
