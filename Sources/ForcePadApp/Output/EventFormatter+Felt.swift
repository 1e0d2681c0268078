import ForcePadCore

extension EventFormatter {
    /// A stage's felt click as its `haptic.felt` JSON object: `t_us` the stage's frame,
    /// `stage`, `line_us`, then the measurement (``FeltClickMeasurement``: `onset_latency_us`,
    /// `felt_latency_us` with a reference's crossing, `peak_g`, `rise_us`,
    /// `above_threshold_us`, `ring_down_us`, `noise_mg`, `threshold_mg`) and
    /// `stamp_uncertainty_us`, or `felt` false with `error`.
    func json(_ felt: HapticFelt) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("t_us", .int(felt.stageMicros)), Self.name(.hapticFelt), ("stage", .string(felt.stage)), ("line_us", .int(felt.lineMicros)),
        ]
        switch felt.result {
        case .success(let measured):
            fields += [("felt", .bool(true)), ("onset_latency_us", .int(measured.onsetLatencyMicros))]
            if let latency = felt.feltLatencyMicros { fields.append(("felt_latency_us", .int(latency))) }
            fields += [
                ("peak_g", .decimal(Int64(measured.peakMilliG), places: 3)), ("rise_us", .int(measured.riseMicros)),
                ("above_threshold_us", .int(measured.aboveThresholdMicros)), ("ring_down_us", .int(measured.ringDownMicros)),
                ("noise_mg", .int(Int64(measured.noiseRMSMilliG))), ("threshold_mg", .int(Int64(measured.thresholdMilliG))),
                ("stamp_uncertainty_us", .int(felt.stampUncertaintyMicros)),
            ]
        case .failure(let error):
            fields += [("felt", .bool(false)), ("error", .string(error.description))]
        }
        return .object(fields)
    }

    /// A stage's felt click as one readable line, at its stage's time.
    func humanLine(_ felt: HapticFelt) -> String {
        let text: String
        switch felt.result {
        case .success(let measured):
            let latency = felt.feltLatencyMicros.map { ", felt \(Self.millis($0)) ms after the true crossing" } ?? ""
            text = "\(felt.stage): onset \(Self.millis(measured.onsetLatencyMicros)) ms after the stage\(latency),"
                + " peak \(FixedDecimal.format(Int64(measured.peakMilliG), scale: 3)) g, rise \(Self.millis(measured.riseMicros)) ms,"
                + " above threshold \(Self.millis(measured.aboveThresholdMicros)) ms, ring-down \(Self.millis(measured.ringDownMicros)) ms"
                + " (noise \(measured.noiseRMSMilliG) mg)"
        case .failure(let error):
            text = "\(felt.stage): not felt: \(error.description)"
        }
        return FixedDecimal.format(felt.stageMicros, scale: 3).leftPadded(to: 10) + " ms  " + Self.column(.hapticFelt) + text
    }

    /// µs as ms with one decimal.
    private static func millis(_ micros: Int64) -> String {
        FixedDecimal.format(micros / 100, scale: 1)
    }
}
