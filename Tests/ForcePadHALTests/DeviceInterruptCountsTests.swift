import ForcePadHAL
import Glibc
import Synchronization
import Testing

@Suite struct DeviceInterruptCountsTests {
    /// A two-CPU virtual machine whose disk interrupt (virtio1-req.0) goes to CPU 1.
    static let virtualMachine = """
                   CPU0       CPU1
         24:          1          0  IO-APIC   5-edge      ACPI:Ged
         36:          0    3460583 PCI-MSIX-0000:00:02.0   1-edge      virtio1-req.0
         39:     163228          0 PCI-MSIX-0000:00:02.0   2-edge      virtio2-output.0
        NMI:          0          0   Non-maskable interrupts
        LOC:   12819531   12581120   Local timer interrupts
        RES:    2452028    1957568   Rescheduling interrupts
        ERR:          0
        """

    /// A four-CPU Raspberry Pi layout: every device line on CPU 0, and the ARM architected
    /// timer (a GIC private interrupt, hardware number 30) on every CPU, busiest on CPU 3.
    static let raspberryPi = """
                   CPU0       CPU1       CPU2       CPU3
         11:      52001      40022      39010      91234     GICv2  30 Level     arch_timer
         12:          0          0          0          0     GICv2  27 Level     kvm guest vtimer
         18:      80211          0          0          0     GICv2  65 Level     fe00b880.mailbox
         29:       1821          0          0          0     GICv2 153 Level     uart-pl011
         35:      12004          0          0          0     GICv2 158 Level     mmc1, mmc0
        IPI0:      1200       1400       1300       1100       Rescheduling interrupts
        Err:          0
        """

    @Test func countsOnlyDeviceLinesPerCPU() throws {
        let counts = try DeviceInterruptCounts(parsing: Self.virtualMachine)
        #expect(counts.cpus == [0, 1])
        #expect(counts.counts == [163_229, 3_460_583])
        #expect(counts.busiestLine == ["virtio2-output.0", "virtio1-req.0"])
        #expect(counts.quietestCPU(among: [0, 1]) == 0)
        #expect(counts.summary == "CPU 0 163k (most from virtio2-output.0), CPU 1 3460k (most from virtio1-req.0)")
    }

    @Test func armPerCPUTimersAreNotDeviceInterrupts() throws {
        let counts = try DeviceInterruptCounts(parsing: Self.raspberryPi)
        #expect(counts.counts == [94_036, 0, 0, 0])
        // A tie goes to the highest-numbered CPU: CPU 0 does the housekeeping.
        #expect(counts.quietestCPU(among: [0, 1, 2, 3]) == 3)
        #expect(counts.quietestCPU(among: [0, 1]) == 1)
        #expect(counts.busiestLine == ["fe00b880.mailbox", nil, nil, nil])
    }

    @Test func onlyTheAllowedCPUsAreCandidates() throws {
        let counts = try DeviceInterruptCounts(parsing: Self.virtualMachine)
        #expect(counts.quietestCPU(among: [1]) == nil)
        #expect(counts.quietestCPU(among: [1, 5]) == nil)
        #expect(counts.quietestCPU(among: []) == nil)
    }

    @Test func offlineCPUsHaveNoColumn() throws {
        let text = """
                       CPU0       CPU2
             40:        900         10   GICv2 160 Level     eth0
            """
        let counts = try DeviceInterruptCounts(parsing: text)
        #expect(counts.cpus == [0, 2])
        #expect(counts.quietestCPU(among: [0, 1, 2]) == 2)
    }

    @Test func aFileWithoutTheHeaderIsOneLineError() {
        for text in ["", "\n", "garbage here\n 1: 2 3", "CPU0 CPUx\n 1: 2", "CPU-1\n"] {
            #expect(throws: DeviceInterruptCounts.Failure.self) { try DeviceInterruptCounts(parsing: text, path: "/proc/interrupts") }
        }
        do {
            _ = try DeviceInterruptCounts(parsing: "hello", path: "/tmp/x")
        } catch {
            #expect(error.description.hasPrefix("/tmp/x:1: "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func linesItDoesNotUnderstandAreSkipped() throws {
        let text = """
                       CPU0       CPU1
             :          5          5
            x1:         5          5
             7:  notanumber 4   eth0
             8:         18446744073709551615  18446744073709551615 big
             8:         18446744073709551615  1 big
             9:         3
            \u{0}\u{FFFD}: 1 2
            """
        let counts = try DeviceInterruptCounts(parsing: text)
        #expect(counts.cpus == [0, 1])
        // Wrapping adds never trap; a short line counts on the CPUs it names.
        #expect(counts.counts[1] == 18_446_744_073_709_551_615 &+ 1)
    }

    @Test func thisMachinesFileParses() throws {
        let counts = try DeviceInterruptCounts.read()
        #expect(!counts.cpus.isEmpty)
        #expect(throws: DeviceInterruptCounts.Failure.self) { try DeviceInterruptCounts.read(path: "/nonexistent/interrupts") }
    }

    @Test func cpuArgumentsParse() {
        #expect(LoopCPUPlacement(argument: "auto") == .fewestDeviceInterrupts)
        #expect(LoopCPUPlacement(argument: "any") == .anyCPU)
        #expect(LoopCPUPlacement(argument: "3") == .pinned(3))
        for bad in ["", "-1", "+1", "1.5", "three", " 1", "99999999999999999999999"] {
            #expect(LoopCPUPlacement(argument: bad) == nil, "\(bad)")
        }
        #expect(RealTimeRequest.standard.placement == .fewestDeviceInterrupts)
        #expect(RealTimeRequest.none.placement == .anyCPU)
    }

    /// The loop thread asked for `auto` runs on the CPU the counts name (where the process may
    /// use two or more CPUs).
    @Test func autoPinsTheThreadToTheQuietestCPU() throws {
        let expected = try DeviceInterruptCounts.read().quietestCPU(among: PosixThread.allowedCPUs())
        let request = RealTimeRequest(fifoPriority: nil, placement: .fewestDeviceInterrupts, lockMemory: false)
        let allowedInThread = Mutex<[Int]>([])
        let (thread, outcome) = try PosixThread.startRealTime(request) { allowedInThread.withLock { $0 = PosixThread.allowedCPUs() } }
        thread.join()
        #expect(outcome.cpu == expected)
        #expect(outcome.warnings.isEmpty)
        if let expected {
            #expect(allowedInThread.withLock { $0 } == [expected])
            #expect(outcome.cpuChoice != nil)
            #expect(outcome.summary.contains("CPU \(expected) (fewest device interrupts)"))
        } else {
            #expect(outcome.cpuChoice == nil)
        }
    }
}
