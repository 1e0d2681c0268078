import ForcePadCore
import ForcePadLabFiles

/// A recording's `accelerations.csv` as a capture writes it: created with its header
/// (`t_us,accel_mg`) at the first sample, so a board without an accelerometer has none;
/// then one line per sample, µs of loop time and milli-g.
final class AccelerationsFile {
    private let path: String
    private var file: CaptureFile?

    init(path: String) { self.path = path }

    /// Appends the samples taken from `firstMicros` on.
    func append(_ samples: [AccelerationSample], from firstMicros: Int64) throws(CommandFailure) {
        guard !samples.isEmpty else { return }
        let file: CaptureFile
        if let existing = self.file {
            file = existing
        } else {
            file = try CaptureFile(creating: path)
            try file.append(RecordedAccelerationsFile.header + "\n")
            self.file = file
        }
        var text = ""
        for sample in samples where sample.timeMicros >= firstMicros { text += "\(sample.timeMicros),\(sample.milliG)\n" }
        try file.append(text)
    }

    func flush() throws(CommandFailure) { try file?.flush() }

    func close() throws(CommandFailure) { try file?.close() }
}
