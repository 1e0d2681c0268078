import ForcePadCore

/// A recording's `accelerations.csv` read back: the header `t_us,accel_mg`, then one sample a
/// line — µs of loop time (0 … ``ForceTrace/maxTimeMicros``, strictly increasing) and milli-g
/// (±``largestMilliG``). A refusal names the file, the line and the fix.
public enum RecordedAccelerationsFile {
    /// The first line.
    public static let header = "t_us,accel_mg"
    /// Largest file read (bytes): an hour at 3200 Hz.
    public static let maxBytes = 256 << 20
    /// The largest acceleration a sample may give (milli-g): the widest range of the chips, ±16 g, and more.
    public static let largestMilliG: Int32 = 200_000

    /// The samples of `text`, the contents of the file at `path` (which names it in errors).
    /// With `wholeLinesOnly` (a recording cut short), text after the last line end is left out.
    public static func parse(_ text: String, path: String, wholeLinesOnly: Bool) throws(LabFileError) -> [AccelerationSample] {
        let fix = "restore it from a copy, or remove it to replay the recording without its felt clicks"
        let lines = try LabFileLines.split(text, path: path, maxBytes: maxBytes, wholeLinesOnly: wholeLinesOnly, fix: fix)
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == header else {
            throw LabFileError(file: path, line: 1, message: "the header is not \(header); \(fix)")
        }
        var samples: [AccelerationSample] = []
        samples.reserveCapacity(lines.count - 1)
        for (index, bytes) in lines.enumerated().dropFirst() {
            let number = index + 1
            let fields = bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard fields.count == 2, let time = Int64(String(decoding: fields[0], as: UTF8.self)),
                let milliG = Int32(String(decoding: fields[1], as: UTF8.self))
            else {
                throw LabFileError(file: path, line: number, message: "not two whole numbers t_us,accel_mg; \(fix)")
            }
            guard time >= 0, time <= ForceTrace.maxTimeMicros else {
                throw LabFileError(file: path, line: number, message: "t_us \(time) is out of range; allowed: 0…\(ForceTrace.maxTimeMicros); \(fix)")
            }
            guard milliG >= -largestMilliG, milliG <= largestMilliG else {
                throw LabFileError(file: path, line: number, message: "accel_mg \(milliG) is out of range; allowed: ±\(largestMilliG); \(fix)")
            }
            if let last = samples.last, time <= last.timeMicros {
                throw LabFileError(file: path, line: number, message: "t_us \(time) is not after the sample before (\(last.timeMicros)); samples are written in time order: \(fix)")
            }
            samples.append(AccelerationSample(timeMicros: time, milliG: milliG))
        }
        return samples
    }
}
