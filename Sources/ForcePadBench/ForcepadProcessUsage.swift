import Glibc

/// CPU time and peak memory of the `forcepad` program running the sim board at 1 kHz: the
/// release binary next to this one, started as a child with its standard input a pipe kept
/// open, then told `quit`. CPU time is utime + stime from `/proc/PID/stat` between the first
/// answer to `status` (start-up done) and the end of the run; peak memory is `VmHWM` from
/// `/proc/PID/status` (the peak resident set, start-up included).
struct ForcepadProcessUsage {
    let command: [String]
    /// Wall time between the two CPU readings (s).
    let seconds: Double
    /// CPU time used in that time, as a percentage of one core.
    let cpuPercentOfOneCore: Double
    /// Peak resident set (MiB).
    let peakResidentMiB: Double
    /// Periods the loop ran and skipped, from the last `status`, when it could be read.
    let periods: Int?
    let missedPeriods: Int?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `forcepad --board sim --idle-poll off` for `seconds` seconds.
    init(seconds: Int) throws(Failure) {
        let binary = Self.siblingPath("forcepad")
        guard access(binary, X_OK) == 0 else {
            throw Failure(description: "\(binary) not found; build it with: swift build -c release --product forcepad")
        }
        // Without the idle poller: on a virtual machine it would fill the loop's CPU's idle
        // time, which is not the program's work (docs/performance.md).
        command = [binary, "--board", "sim", "--idle-poll", "off"]
        let child: ChildProcess
        do {
            child = try ChildProcess(command, withInput: true)
        } catch {
            throw Failure(description: error.description)
        }
        child.send("status\n")
        guard child.waitForOutput(containing: "counters", timeoutMillis: 10_000) else {
            let (output, status) = child.finish()
            throw Failure(description: "forcepad did not answer status within 10 s (exit status \(status)): \(output.split(separator: "\n").prefix(3).joined(separator: " / "))")
        }
        let startMicros = Self.nowMicros()
        let startTicks = Self.cpuTicks(of: child.pid)
        var pause = timespec(tv_sec: seconds, tv_nsec: 0)
        var left = timespec()
        while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
        let endTicks = Self.cpuTicks(of: child.pid)
        let endMicros = Self.nowMicros()
        let peakKiB = Self.statusField("VmHWM", of: child.pid)
        child.send("status\nquit\n")
        let (output, status) = child.finish()
        guard status == 0, let startTicks, let endTicks, let peakKiB else {
            throw Failure(description: "forcepad stopped early (exit status \(status)): \(output.split(separator: "\n").suffix(3).joined(separator: " / "))")
        }
        self.seconds = Double(endMicros - startMicros) / 1e6
        cpuPercentOfOneCore = Double(endTicks - startTicks) / Double(sysconf(Int32(_SC_CLK_TCK))) / self.seconds * 100
        peakResidentMiB = Double(peakKiB) / 1024
        // The last status: "counters    60123 periods, 0 missed, …".
        let counters = output.split(separator: "\n").last { $0.hasPrefix("counters") }?.split(separator: " ")
        periods = counters.flatMap { fields in fields.firstIndex(of: "periods,").flatMap { Int(fields[$0 - 1]) } }
        missedPeriods = counters.flatMap { fields in fields.firstIndex { $0.hasPrefix("missed") }.flatMap { Int(fields[$0 - 1]) } }
    }

    /// `name` in the folder of this executable.
    static func siblingPath(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return name }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    /// utime + stime of process `pid` (clock ticks): fields 14 and 15 of `/proc/PID/stat`,
    /// counted after the command name in parentheses (which may hold spaces).
    static func cpuTicks(of pid: pid_t) -> Int? {
        guard let text = Self.read("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so field N is fields[N - 3].
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// A `Name:   1234 kB` field of `/proc/PID/status`, in kB.
    static func statusField(_ name: String, of pid: pid_t) -> Int? {
        guard let text = Self.read("/proc/\(pid)/status") else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        return line.flatMap { $0.dropFirst(name.count + 1).split { $0 == " " || $0 == "\t" }.first.flatMap { Int($0) } }
    }

    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func nowMicros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
    }
}
