/// The quick-action menu on the pad, after 3D Touch's home-screen quick actions: press to
/// pop and hold, and the menu opens; slide along the pad to choose a slot; lift to perform
/// the shortcut in it. Integer-only and allocation-free; one value per pad, owned by the loop.
///
/// Once per loop period the loop passes every press event of the period to
/// ``handle(_:into:)``, in order (a cancel made by command between frames too), then the
/// period's frame to ``update(with:popHeld:shownShortcuts:into:)``.
///
/// The rules:
/// - Opening: the first frame in which the pop stage is held starts the hold; the menu opens
///   in the first frame at least `openHoldMicros` later, the stage held in every frame
///   between, with one slot per shortcut shown (`shownShortcuts`, at most four). A press that
///   leaves pop before that, with no shortcut shown or with the menu turned off, does not
///   open it.
/// - Selecting: the pad's width is divided into `slotCount` equal zones, slot 1 from
///   x = 0 (the first cell's outer edge). On a grid only x counts: the zones are bands
///   across the columns and the rows do not matter. The first frame with a contact region
///   (normally the opening one) selects the zone under the centroid. After that the
///   selection moves only when the centroid is more than `borderMarginQ16` past a border of
///   the selected zone, so noise on a border cannot flicker. Frames without a contact
///   region (whose centroid means nothing) change nothing. Each change is a `selected` event.
/// - Closing: the release of the press performs the selected slot, or dismisses (`lifted`)
///   when no frame with a contact region came since the menu opened, so nothing is selected.
///   The zones cover the whole width, so a lift is never outside them: to leave without
///   performing, hold still until the timeout, add a second contact (the press is cancelled
///   when multi-touch fails) or cancel the press from the shell. A cancel dismisses
///   (`cancelled`); `timeoutMicros` since the opening or the latest selection change
///   dismisses (`timeout`). After the menu closes, nothing happens until the press ends.
///
/// Settings may be replaced between frames. The slot count is fixed when the menu opens;
/// turning the menu off stops it from opening but lets a menu already open run to its end.
public struct QuickActionMenu: Sendable, BitwiseCopyable {
    public var settings: QuickActionMenuSettings
    public private(set) var phase: QuickActionMenuPhase = .closed
    /// Slots of the open menu (1…4); 0 while it is not open.
    public private(set) var slotCount = 0
    /// The selected slot (1…``slotCount``) of the open menu; nil when none is.
    public private(set) var selectedSlot: Int?

    /// Time of the first frame of the current pop hold (µs); meaningful while holding.
    private var holdStartMicros: Int64 = 0
    /// Time of the opening or of the latest selection change (µs); meaningful while open.
    private var lastChangeMicros: Int64 = 0

    public init(settings: QuickActionMenuSettings) {
        self.settings = settings
    }

    /// Feeds one frame. `popHeld` says whether the press is at pop and the stage is still
    /// held (``PressRecognizer/state`` is `pop` and ``PressRecognizer/isDeepestStageHeld``);
    /// `shownShortcuts` is the number of shortcuts shown (``ShortcutRegistry/visible``), read
    /// when the menu opens. Appends what it caused to `events`, in order.
    @inlinable
    public mutating func update(
        with frame: ForceFrame, popHeld: Bool, shownShortcuts: Int, into events: inout QuickActionEventBuffer
    ) {
        update(with: frame.summary, popHeld: popHeld, shownShortcuts: shownShortcuts, into: &events)
    }

    /// The same, fed by the frame's summary (all the menu reads of it). Inlined: in nearly
    /// every period the menu is closed and pop is not held, or it waits for the press to end,
    /// and then a frame changes nothing; the loop finds that in two comparisons instead of a
    /// call (about 8 instructions a period).
    @inlinable
    public mutating func update(
        with frame: ForceFrameSummary, popHeld: Bool, shownShortcuts: Int, into events: inout QuickActionEventBuffer
    ) {
        switch phase {
        case .closed where !popHeld, .waitingForRelease: return
        case .closed, .holding, .open: updateEngaged(with: frame, popHeld: popHeld, shownShortcuts: shownShortcuts, into: &events)
        }
    }

    /// ``update(with:popHeld:shownShortcuts:into:)`` in a period that can change the menu:
    /// pop held while closed, or the menu holding or open.
    @usableFromInline @_noAllocation
    mutating func updateEngaged(
        with frame: ForceFrameSummary, popHeld: Bool, shownShortcuts: Int, into events: inout QuickActionEventBuffer
    ) {
        let time = frame.timeMicros
        switch phase {
        case .closed:
            guard settings.enabled, popHeld else { return }
            phase = .holding
            holdStartMicros = time
        case .holding:
            guard popHeld else {
                phase = .waitingForRelease
                return
            }
        case .open:
            follow(frame, into: &events)
            return
        case .waitingForRelease:
            return
        }
        guard time - holdStartMicros >= settings.openHoldMicros else { return }
        let count = min(max(shownShortcuts, 0), ShortcutRegistry.visibleSlotCount)
        guard settings.enabled, count > 0 else {
            phase = .waitingForRelease
            return
        }
        phase = .open
        slotCount = count
        selectedSlot = nil
        lastChangeMicros = time
        events.append(.opened(atMicros: time, slotCount: count))
        follow(frame, into: &events)
    }

    /// Feeds one press event: a release performs or dismisses an open menu, a cancel
    /// dismisses it; either ends the press, so the next one may open the menu again.
    @_noAllocation
    public mutating func handle(_ event: PressEvent, into events: inout QuickActionEventBuffer) {
        switch event {
        case .released(let time, _):
            if case .open = phase {
                if let slot = selectedSlot {
                    events.append(.performed(atMicros: time, slot: slot))
                } else {
                    events.append(.dismissed(atMicros: time, reason: .lifted))
                }
            }
            close(to: .closed)
        case .cancelled(let time, _):
            if case .open = phase {
                events.append(.dismissed(atMicros: time, reason: .cancelled))
            }
            close(to: .closed)
        case .began, .progress, .peek, .pop:
            break
        }
    }

    /// Moves the selection with the frame's centroid, or gives up after the timeout.
    @_noAllocation
    private mutating func follow(_ frame: ForceFrameSummary, into events: inout QuickActionEventBuffer) {
        let time = frame.timeMicros
        if frame.contacts > 0 {
            let slot = Self.slot(
                atX: frame.centroid.x, selected: selectedSlot, slotCount: slotCount, marginQ16: settings.borderMarginQ16)
            if slot != selectedSlot {
                selectedSlot = slot
                lastChangeMicros = time
                events.append(.selected(atMicros: time, slot: slot))
                return
            }
        }
        if time - lastChangeMicros >= settings.timeoutMicros {
            close(to: .waitingForRelease)
            events.append(.dismissed(atMicros: time, reason: .timeout))
        }
    }

    @_noAllocation
    private mutating func close(to next: QuickActionMenuPhase) {
        phase = next
        slotCount = 0
        selectedSlot = nil
    }

    /// The slot (1…`slotCount`) for a centroid at `x` (Q16 fraction of the width): `selected`
    /// while x stays within its zone widened by `marginQ16` (Q16 of the width) on both
    /// sides, else the zone x lies in. Compares x · slotCount with multiples of 65536, so the
    /// borders are exact for any slot count.
    @_noAllocation
    private static func slot(atX x: Int32, selected: Int?, slotCount: Int, marginQ16: Int32) -> Int {
        let count = Int64(slotCount)
        let scaled = Int64(x) * count
        if let selected {
            let margin = Int64(max(marginQ16, 0)) * count
            let lower = (Int64(selected - 1) << 16) - margin
            let upper = (Int64(selected) << 16) + margin
            if scaled >= lower && scaled < upper { return selected }
        }
        return Int(min(max(scaled >> 16, 0), count - 1)) + 1
    }
}
