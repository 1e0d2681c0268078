/// A stable id of the machine, for the serial field of `*IDN?`: the Raspberry Pi's serial
/// number as the firmware reports it. Looked for in order in ``standardSources``; "0" when
/// none can be read (not a Pi, or a kernel without a device tree), as IEEE 488.2 asks of an
/// instrument without a serial number.
public enum MachineSerialNumber {
    /// Where the number may be, and how it is written there.
    public enum Source: Sendable, Equatable {
        /// A device-tree property: the number as text, ended by a NUL.
        case deviceTree(path: String)
        /// A cpuinfo file: the number on its `Serial : …` line (32-bit Pi kernels).
        case cpuinfo(path: String)
    }

    /// The device tree as /proc shows it and as sysfs shows it, then /proc/cpuinfo.
    public static let standardSources: [Source] = [
        .deviceTree(path: "/proc/device-tree/serial-number"),
        .deviceTree(path: "/sys/firmware/devicetree/base/serial-number"),
        .cpuinfo(path: "/proc/cpuinfo"),
    ]

    /// Longest number kept (characters); anything longer is cut.
    static let maximumLength = 64
    /// Largest file read (bytes): cpuinfo of a many-core machine fits.
    static let maximumFileBytes = 256 * 1024

    /// The first number found in `sources`: letters and digits only (so it never breaks the
    /// comma-separated `*IDN?` answer), at most ``maximumLength`` characters; "0" if none.
    public static func read(from sources: [Source] = standardSources) -> String {
        for source in sources {
            if let number = number(in: source) { return number }
        }
        return "0"
    }

    private static func number(in source: Source) -> String? {
        switch source {
        case .deviceTree(let path):
            guard let text = contents(of: path) else { return nil }
            return cleaned(text.split(separator: "\0", omittingEmptySubsequences: false).first.map(String.init) ?? "")
        case .cpuinfo(let path):
            guard let text = contents(of: path) else { return nil }
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].filter({ $0 != " " && $0 != "\t" }) == "Serial" else { continue }
                return cleaned(String(parts[1]))
            }
            return nil
        }
    }

    /// `text` without spaces and separators; nil when nothing (or only zeros, as a Pi whose
    /// firmware did not fill it in reports) is left.
    private static func cleaned(_ text: String) -> String? {
        let kept = String(text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.prefix(maximumLength))
        return kept.isEmpty || kept.allSatisfy({ $0 == "0" }) ? nil : kept
    }

    private static func contents(of path: String) -> String? {
        guard let text = try? TextFileContents.read(path, maximumBytes: maximumFileBytes).text, !text.isEmpty else { return nil }
        return text
    }
}

