/// A command with the sequence number the loop acknowledges in ``LoopSnapshot/appliedCommand``
/// once it has been applied, so the shell can wait for its own command to take effect.
public struct LoopCommandEnvelope: Sendable, BitwiseCopyable {
    public var sequence: UInt64
    public var command: LoopCommand

    public init(sequence: UInt64, command: LoopCommand) {
        self.sequence = sequence
        self.command = command
    }
}
