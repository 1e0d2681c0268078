/// Instructions per frame of the code the Debian packages hold: ``InstructionComparison`` for
/// `forcepad-bench` built as each package is built (``ShippedBuild``, Debian sid's Swift 6.2),
/// x86-64 under callgrind and arm64 under qemu-aarch64 with the benchmark's plugin, each against
/// the C chains built for its architecture, on every geometry and chain, with the same targets.
/// An architecture that cannot be built or counted gives one row, `skipped (REASON)`, and no figure.
struct ShippedInstructionComparison {
    private(set) var rows: [BenchmarkRow] = []
    private(set) var notes: [String] = []

    init() {
        for architecture in ShippedBuild.Architecture.allCases {
            progress("instructions per frame of the \(architecture.rawValue) package's build: building forcepad-bench in the packaging chroot")
            let compared = ShippedBuild.make(architecture).flatMap(ComparedBuild.shipped)
            switch compared {
            case .failure(let reason):
                rows.append(BenchmarkRow(
                    "instructions per frame, ForcePad \(architecture.rawValue) as packaged", value: "skipped (\(reason.description))"))
            case .success(let compared):
                progress("instructions per frame of the \(architecture.rawValue) package's build: counting (\(compared.counting))")
                let comparison = InstructionComparison(compared)
                rows += comparison.rows
                notes += comparison.notes
            }
        }
    }
}
