import Testing

@testable import forcepad_bench

@Suite struct QEMUInstructionCounterTests {
    @Test func totalIsTheFirstLinesCount() {
        let lines: [Substring] = ["instructions 29631888", "block 0x55040e38f0 8 846889", "block 0x5500295628 16 121849"]
        #expect(QEMUInstructionCounter.total(lines) == 29_631_888)
    }

    @Test func outputWithoutATotalGivesNone() {
        #expect(QEMUInstructionCounter.total([]) == nil)
        #expect(QEMUInstructionCounter.total(["block 0x55040e38f0 8 846889"]) == nil)
        #expect(QEMUInstructionCounter.total(["instructions"]) == nil)
        #expect(QEMUInstructionCounter.total(["instructions 12 more"]) == nil)
        #expect(QEMUInstructionCounter.total(["instructions many"]) == nil)
    }

    @Test func commandRunsTheProgramUnderQEMUWithThePluginAndTheGuestsLibraries() {
        let counter = QEMUInstructionCounter(plugin: "/cache/count.so", sysroot: "/sysroot", libraryPath: ["/build", "/sysroot/swift"])
        let arguments = counter.arguments(["/build/forcepad-bench", "run-chain"], environment: ["A=1"], outputPath: "/tmp/out")
        #expect(arguments == [
            "/usr/bin/qemu-aarch64", "-cpu", "cortex-a72", "-L", "/sysroot", "-E", "LD_LIBRARY_PATH=/build:/sysroot/swift", "-E", "A=1",
            "-plugin", "/cache/count.so,out=/tmp/out", "/build/forcepad-bench", "run-chain",
        ])
    }
}
