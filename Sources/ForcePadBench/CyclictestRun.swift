import ForcePadHAL

/// One run of `cyclictest` (Debian package rt-tests): a single thread that sleeps to absolute
/// deadlines with `clock_nanosleep` and records how late it wakes, the best a periodic thread
/// can do on this machine. Runs `cyclictest -q -i PERIOD -l PERIODS -h LIMIT` plus the same
/// scheduling the control loop got (`-p PRIORITY -m`, `-a CPU`) and adds its histogram.
struct CyclictestRun {
    /// Latencies at or above this (µs) are counted as overflows, with the largest reported.
    static let histogramLimitMicros = 20_000

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let arguments: [String]
    /// Lines of cyclictest's own remarks (`# /dev/cpu_dma_latency set to 0us`, warnings).
    let remarks: [String]

    /// Runs `periods` periods of `periodMicros` with the scheduling `policy` describes and adds
    /// the result to `histogram`. `tunesPowerManagement` false adds `--default-system`.
    init(
        periods: Int, periodMicros: Int, policy: RealTimeOutcome, tunesPowerManagement: Bool,
        into histogram: inout CyclictestHistogram
    ) throws(Failure) {
        var arguments = ["cyclictest", "-q", "-i", String(periodMicros), "-l", String(periods), "-h", String(Self.histogramLimitMicros)]
        if let priority = policy.fifoPriority { arguments += ["-p", String(priority)] }
        if policy.memoryLocked { arguments.append("-m") }
        if let cpu = policy.cpu { arguments += ["-a", String(cpu)] }
        if !tunesPowerManagement { arguments.append("--default-system") }
        self.arguments = arguments
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments, withInput: false)
        } catch {
            throw Failure(description: "\(error.description); install it with: apt-get install rt-tests")
        }
        let (output, status) = child.finish()
        let tail = output.split(separator: "\n").suffix(3).joined(separator: " / ")
        guard status == 0 else {
            // cyclictest checks at start that it may switch to SCHED_FIFO, even when told to run without it.
            let hint = output.contains("scheduling policy")
                ? " (cyclictest needs real-time privileges to start at all: run the benchmark as root or with an rtprio limit)" : ""
            throw Failure(description: "\(arguments.joined(separator: " ")) exited with status \(status): \(tail)\(hint)")
        }
        guard let remarks = histogram.add(output: output) else {
            throw Failure(description: "no histogram in the output of \(arguments.joined(separator: " ")): \(tail)")
        }
        self.remarks = remarks
    }
}
