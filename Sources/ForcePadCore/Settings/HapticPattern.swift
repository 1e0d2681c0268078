/// A named on/off sequence for the haptic line, written `on 15ms` or
/// `on 20ms off 30ms on 20ms`: it starts with `on`, alternates, and each step lasts
/// 1 µs to 1 s. The line is always off after the last step.
public struct HapticPattern: Sendable, Equatable, CustomStringConvertible {
    /// Durations of alternating on/off steps in µs, starting with on.
    public let stepMicros: [Int64]

    /// Most steps a pattern may have (sizes the scheduler's fixed buffers).
    public static let maxSteps = 16

    public init(parsing text: String) throws(QuantityError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else {
            throw QuantityError("empty haptic pattern: write it like \"on 15ms\" or \"on 20ms off 30ms on 20ms\"")
        }
        guard words.count % 2 == 0 else {
            throw QuantityError("haptic pattern '\(text)': every on/off needs a duration, e.g. \"on 15ms off 10ms on 15ms\"")
        }
        var steps: [Int64] = []
        for index in stride(from: 0, to: words.count, by: 2) {
            let expected = steps.count % 2 == 0 ? "on" : "off"
            guard words[index] == expected else {
                throw QuantityError("haptic pattern '\(text)': step \(steps.count + 1) must be '\(expected)' (patterns start with on and alternate), found '\(words[index])'")
            }
            let micros: Int64
            switch QuantityParser.durationMicros(words[index + 1]) {
            case .success(let value): micros = value
            case .failure(let error): throw QuantityError("haptic pattern '\(text)': \(error.message)")
            }
            guard micros >= 1, micros <= 1_000_000 else {
                throw QuantityError("haptic pattern '\(text)': step \(steps.count + 1) lasts \(words[index + 1]); each step must last 1us to 1s")
            }
            steps.append(micros)
        }
        guard steps.count <= Self.maxSteps else {
            throw QuantityError("haptic pattern '\(text)' has \(steps.count) steps; at most \(Self.maxSteps)")
        }
        if steps.count % 2 == 0 { steps.removeLast() }  // a trailing off changes nothing
        stepMicros = steps
    }

    /// Longest single on step (µs).
    public var longestOnMicros: Int64 {
        stride(from: 0, to: stepMicros.count, by: 2).map { stepMicros[$0] }.max() ?? 0
    }

    /// The canonical text, e.g. `on 20ms off 30ms on 20ms`.
    public var description: String {
        stepMicros.enumerated().map { index, micros in
            (index % 2 == 0 ? "on " : "off ") + QuantityText.duration(micros)
        }.joined(separator: " ")
    }
}
