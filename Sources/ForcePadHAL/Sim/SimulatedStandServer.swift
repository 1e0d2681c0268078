import ForcePadCore

/// A simulated stand on a pseudo-terminal: a driver opens ``devicePath`` as it would the
/// stand's USB-serial port, and this server's thread (`fp-stand-sim`) answers it as
/// ``SimulatedStand`` does, moving the crosshead in real time and publishing the plunger's
/// force to ``contact`` (which the sim board's pad adds to its own). ``fault`` injects a
/// fault; ``state``'s stop times tell tests when each stop arrived.
public final class SimulatedStandServer: Sendable {
    /// The pseudo-terminal's subordinate side, e.g. `/dev/pts/4`.
    public let devicePath: String
    public let contact: SimulatedStandContact
    private let terminal: TerminalBox
    private let stand: PosixMutex<SimulatedStand>
    private let worker = WorkerThread(name: "fp-stand-sim")
    /// The longest the server waits for bytes before moving the crosshead on (ms).
    static let tickMilliseconds = 1

    public init(model: StandModel, settings: SimulatedStandSettings, contact: SimulatedStandContact = SimulatedStandContact()) throws(DeviceError) {
        let terminal = try PseudoTerminal()
        devicePath = terminal.subordinatePath
        self.terminal = TerminalBox(terminal)
        self.contact = contact
        stand = PosixMutex(SimulatedStand(model: model, settings: settings))
    }

    /// Starts answering.
    public func start() throws(DeviceError) {
        try worker.start { [self] in
            terminal.round(stand: stand, contact: contact)
            return .again
        }
    }

    /// Stops the server's thread.
    public func stop() { worker.stop() }

    /// The fault shown from now on.
    public var fault: SimulatedStandFault {
        get { stand.withLock { $0.fault } }
        set { stand.withLock { $0.fault = newValue } }
    }

    /// The stand as it is now.
    public var state: SimulatedStand { stand.withLock { $0 } }
}

/// The server thread's own: the non-copyable pseudo-terminal (the thread is its one reader
/// and writer), its read buffer and the time the crosshead was last moved on.
private final class TerminalBox: @unchecked Sendable {
    let terminal: PseudoTerminal
    private var buffer = [UInt8](repeating: 0, count: 256)
    private let clock = MonotonicClock()
    private var lastMicros: Int64

    init(_ terminal: consuming PseudoTerminal) {
        self.terminal = terminal
        lastMicros = clock.nowMicros()
    }

    /// Waits up to a tick for bytes, moves the crosshead on to now, takes the bytes, publishes
    /// the plunger's force and writes the answers.
    func round(stand: PosixMutex<SimulatedStand>, contact: SimulatedStandContact) {
        var span = buffer.mutableSpan
        let result = (try? terminal.read(into: &span, timeoutMilliseconds: SimulatedStandServer.tickMilliseconds)) ?? .disconnected
        let now = clock.nowMicros()
        let elapsed = Double(now - lastMicros) / 1_000_000
        lastMicros = now
        let received = buffer
        let answers = stand.withLock { stand in
            var answers = stand.advance(seconds: elapsed)
            if case .received(let count) = result { answers += stand.receive(received[0..<count], nowMicros: now) }
            contact.publish(stand.force)
            return answers
        }
        if result == .disconnected { LoopWait.pause(micros: 2_000) }
        for answer in answers {
            _ = try? terminal.write(Array((answer + "\r\n").utf8).span, timeoutMilliseconds: 100)
        }
    }
}
