/// A checked waveform sequence: 1 to 8 steps, each an effect of the library or a wait the
/// sequencer can hold, encoded as the WAV_FRM_SEQ1–8 register values. Built once from a
/// stage's setting; loading it (``DRV2605L/load(_:on:)``) writes the slots and no more.
public struct DRV2605LSequence: Sendable, Equatable, CustomStringConvertible {
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

    /// Reads a sequence as the config file and the shell write it: steps joined by `then`,
    /// each `effect N` (a number 1…123 or a name from `haptic effect list`, e.g.
    /// `sharp-tick-1-100`) or `wait D` (`50ms`), e.g. `effect 1 then wait 50ms then effect 1`.
    public init(parsing text: String) throws(DRV2605LSequenceError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var steps: [DRV2605LSequenceStep] = []
        var index = 0
        while index < words.count {
            if !steps.isEmpty {
                guard words[index] == "then" else { throw .unreadable(text: text, reason: "steps are joined by 'then', found '\(words[index])'") }
                index += 1
            }
            guard index + 1 < words.count else {
                throw .unreadable(text: text, reason: "every step is 'effect N' or 'wait D', e.g. \"effect 1 then wait 50ms then effect 1\"")
            }
            let value = words[index + 1]
            switch words[index] {
            case "effect":
                guard let effect = DRV2605LEffectNames.effect(named: value) else {
                    throw .unreadable(text: text, reason: "'\(value)' is not an effect: give 1 to 123 or a name from haptic effect list")
                }
                steps.append(.effect(effect))
            case "wait":
                switch QuantityParser.durationMicros(value) {
                case .success(let micros) where micros % 1000 == 0: steps.append(.wait(milliseconds: Int(micros / 1000)))
                case .success: throw .unreadable(text: text, reason: "wait \(value) is not whole milliseconds; waits are 10 ms steps")
                case .failure(let problem): throw .unreadable(text: text, reason: problem.message)
                }
            default:
                throw .unreadable(text: text, reason: "step \(steps.count + 1) must be 'effect N' or 'wait D', found '\(words[index])'")
            }
            index += 2
        }
        try self.init(steps)
    }

    /// Whether `text` is written as a sequence (it starts with `effect`), not an on/off pattern.
    public static func isSequenceText(_ text: String) -> Bool {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "effect"
    }

    /// The canonical text, e.g. `effect 1 then wait 50ms then effect 1`.
    public var description: String {
        steps.map { step in
            switch step {
            case .effect(let effect): "effect \(effect)"
            case .wait(let milliseconds): "wait \(milliseconds)ms"
            }
        }.joined(separator: " then ")
    }
}
