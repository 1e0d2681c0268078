/// How many device interrupts each CPU has handled since boot, read from `/proc/interrupts`,
/// and the CPU the loop is best kept on: the one that handled the fewest.
///
/// Counted: the numbered lines (`24:`, `36:` …), one per interrupt line of a device (disk,
/// network, USB, serial, I2C, GPIO). Not counted: the named lines (`LOC`, `RES`, `CAL`, `NMI`,
/// `IPI0` …), which every CPU takes for itself, and, among the numbered lines, the ARM per-CPU
/// interrupts: GIC private peripheral interrupts (hardware numbers 16–31, the architected
/// timer among them) and the lines named `arch_timer`, `arm-pmu`, `vgic` or `kvm guest …`,
/// which every CPU also takes for itself.
public struct DeviceInterruptCounts: Sendable, Equatable {
    /// The CPU numbers of the file's columns, in order (offline CPUs have no column).
    public let cpus: [Int]
    /// Device interrupts per column, since boot.
    public let counts: [UInt64]
    /// Per column, the name of the device line with the most interrupts on that CPU, or nil.
    public let busiestLine: [String?]

    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Parses the text of `/proc/interrupts`; `path` names it in errors. Lines it does not
    /// understand are skipped; a text without the `CPU0 …` header is an error.
    public init(parsing text: String, path: String = "/proc/interrupts") throws(Failure) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard let header = lines.popFirst() else { throw Failure(description: "\(path):1: empty; expected a CPU0 … header") }
        var cpus: [Int] = []
        for column in header.split(separator: " ", omittingEmptySubsequences: true) {
            guard column.hasPrefix("CPU"), let cpu = Int(column.dropFirst(3)), cpu >= 0 else {
                throw Failure(description: "\(path):1: expected a header of CPU numbers (CPU0 CPU1 …), found '\(header.prefix(60))'")
            }
            cpus.append(cpu)
        }
        guard !cpus.isEmpty else { throw Failure(description: "\(path):1: no CPU columns in the header") }
        var counts = [UInt64](repeating: 0, count: cpus.count)
        var busiest = [(name: String, count: UInt64)?](repeating: nil, count: cpus.count)
        for line in lines {
            var fields = line.split(separator: " ", omittingEmptySubsequences: true)[...]
            guard let label = fields.popFirst(), label.last == ":", label.dropLast().allSatisfy({ ("0"..."9").contains($0) }),
                  label.count > 1 else { continue }
            var lineCounts: [UInt64] = []
            while lineCounts.count < cpus.count, let field = fields.first, let count = UInt64(field) {
                lineCounts.append(count)
                fields.removeFirst()
            }
            let description = Array(fields)
            guard !Self.isPerCPU(description) else { continue }
            let name = description.last.map(String.init) ?? String(label.dropLast())
            for (column, count) in lineCounts.enumerated() {
                counts[column] &+= count
                if count > 0, count > (busiest[column]?.count ?? 0) { busiest[column] = (name, count) }
            }
        }
        self.cpus = cpus
        self.counts = counts
        busiestLine = busiest.map { $0?.name }
    }

    /// Whether a numbered line's description (after its counts) is an ARM per-CPU interrupt.
    private static func isPerCPU(_ description: [Substring]) -> Bool {
        if let chip = description.first, chip.hasPrefix("GIC"), description.count > 1,
           let hardware = Int(description[1]), (16...31).contains(hardware) {
            return true
        }
        let text = description.joined(separator: " ")
        return ["arch_timer", "arm-pmu", "vgic", "kvm guest"].contains { text.contains($0) }
    }

    /// The CPU among `allowed` with the fewest device interrupts, the highest-numbered on a
    /// tie (CPU 0 usually does the system's housekeeping); nil when fewer than two of the
    /// allowed CPUs are in the file, as there is then nothing to choose.
    public func quietestCPU(among allowed: [Int]) -> Int? {
        let candidates = cpus.indices.filter { allowed.contains(cpus[$0]) }
        guard candidates.count > 1 else { return nil }
        let best = candidates.min { counts[$0] != counts[$1] ? counts[$0] < counts[$1] : cpus[$0] > cpus[$1] }!
        return cpus[best]
    }

    /// One line for people: each CPU's device interrupts and its busiest line, e.g.
    /// `CPU 0 163k, CPU 1 3.5M (most from virtio1-req.0)`.
    public var summary: String {
        cpus.indices.map { column in
            "CPU \(cpus[column]) \(Self.abbreviated(counts[column]))" + (busiestLine[column].map { " (most from \($0))" } ?? "")
        }.joined(separator: ", ")
    }

    private static func abbreviated(_ count: UInt64) -> String {
        switch count {
        case ..<10_000: String(count)
        case ..<10_000_000: "\(count / 1000)k"
        default: "\(count / 1_000_000)M"
        }
    }

    /// Reads and parses `path` (default `/proc/interrupts`).
    public static func read(path: String = "/proc/interrupts") throws(Failure) -> DeviceInterruptCounts {
        let contents: (text: String, truncated: Bool)
        do {
            contents = try TextFileContents.read(path, maximumBytes: largestFileBytes)
        } catch {
            throw Failure(description: error.description)
        }
        guard !contents.truncated else { throw Failure(description: "\(path): larger than \(largestFileBytes) bytes") }
        return try DeviceInterruptCounts(parsing: contents.text, path: path)
    }

    /// Largest file read (bytes): the interrupts of a many-core server fit many times over.
    static let largestFileBytes = 4 << 20
}
