import ForcePadCore

/// Reads `[reference]`: the reference force sensor beside the pad. `model` picks the kind;
/// each model reads its own keys.
enum ReferenceSection {
    /// The models `[reference] model` accepts.
    static let models = ["sim"]

    /// The reference sensor, or nil without the table. `board` is the board read so far (a
    /// simulated reference needs the simulated pad).
    static func read(_ table: TableReader?, board: BoardDescription, root: TableReader) throws(ConfigError) -> ReferenceDescription? {
        guard let table else { return nil }
        guard let model = try table.oneOf("model", models, noun: "reference model") else {
            throw table.error("model", "missing; give the reference sensor's model, e.g. model = \"sim\" (one of \(models.joined(separator: ", ")))")
        }
        switch model {
        default:
            return .simulated(try readSimulated(table, board: board, root: root))
        }
    }

    /// `model = "sim"`: `noise` (a force) and `rate_hz` (readings per second).
    private static func readSimulated(_ table: TableReader, board: BoardDescription, root: TableReader) throws(ConfigError) -> SimulatedReferenceSettings {
        let standard = SimulatedReferenceSettings.standard
        let noise = try table.force("noise", range: .zero ... .grams(50)) ?? standard.noise
        let rate = try table.integer("rate_hz", expected: "readings per second such as 80", range: 1...1_000, unit: " Hz") ?? standard.rateHz
        try table.finish()
        guard board.isSimulated else {
            throw table.error("model", "\"sim\" is only for boards whose converters are model sim; name this board's load cell or gauge instead")
        }
        return SimulatedReferenceSettings(noise: noise, rateHz: rate)
    }
}
