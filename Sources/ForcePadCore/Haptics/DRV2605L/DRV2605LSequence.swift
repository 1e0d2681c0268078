/// A checked waveform sequence: 1 to 8 steps, each an effect of the library or a wait the
/// sequencer can hold, encoded as the WAV_FRM_SEQ1–8 register values. Built once from a
/// stage's setting; loading it (``DRV2605L/load(_:on:)``) writes the slots and no more.
public struct DRV2605LSequence: Sendable, Equatable {
    /// The steps, in playing order.
    public let steps: [DRV2605LSequenceStep]
    /// WAV_FRM_SEQ1… values: one per step, then a 0 that ends the sequence when fewer than 8
    /// slots are used.
    public let slotValues: [UInt8]

    /// WAV_FRM_SEQ1–8: the sequencer's slots.
    public static let slotCount = 8

    /// Refuses an empty sequence, more than 8 steps, an effect outside 1…123 and a wait the
    /// sequencer cannot hold, naming the first step at fault.
    public init(_ steps: [DRV2605LSequenceStep]) throws(DRV2605LSequenceError) {
        guard !steps.isEmpty else { throw .emptySequence }
        guard steps.count <= Self.slotCount else { throw .tooManySteps(count: steps.count) }
        var values: [UInt8] = []
        for (index, step) in steps.enumerated() {
            values.append(try step.slotValue(step: index + 1))
        }
        if values.count < Self.slotCount { values.append(0) }
        self.steps = steps
        slotValues = values
    }
}
