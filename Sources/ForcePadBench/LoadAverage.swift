import Glibc

/// The system's load averages over 1, 5 and 15 minutes, as `/proc/loadavg` gives them: how
/// busy the machine was around a timing measurement.
enum LoadAverage {
    /// `0.52 1.10 0.97`, or `unknown`.
    static func read() -> String {
        let descriptor = open("/proc/loadavg", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "unknown" }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return "unknown" }
        return String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ").prefix(3).joined(separator: " ")
    }
}
