import ForcePadHAL
import Glibc
import Testing

/// When the loop's CPU is kept polling while idle, and the poller thread itself: pinned, at
/// `SCHED_IDLE`, gone once stopped. Serialized: two tests count the same threads.
@Suite(.serialized) struct IdleCPUPollingTests {
    @Test func autoPollsACPUAHypervisorRunsOnlyWithoutACpuidleDriver() {
        let guest = IdleCPUMachine(hypervisorSignature: "KVMKVMKVM", cpuidleDriver: "none\n")
        #expect(guest.hypervisor == "KVM" && guest.cpuidleDriver == nil)
        #expect(IdleCPUPolling.auto.reason(on: guest) == "virtual CPU under KVM, no cpuidle driver")
        #expect(IdleCPUMachine(hypervisorSignature: "Microsoft Hv", cpuidleDriver: nil).hypervisor == "Hyper-V")
        // A guest with halt polling (cpuidle-haltpoll) honours the wake-up latency itself.
        let haltpoll = IdleCPUMachine(hypervisorSignature: "KVMKVMKVM", cpuidleDriver: "haltpoll\n")
        #expect(haltpoll.cpuidleDriver == "haltpoll" && IdleCPUPolling.auto.reason(on: haltpoll) == nil)
        // Bare metal (and anything not x86) halts and wakes in microseconds, with a cpuidle
        // driver or without one.
        for driver in ["intel_idle\n", "none\n", nil] {
            #expect(IdleCPUPolling.auto.reason(on: IdleCPUMachine(hypervisorSignature: nil, cpuidleDriver: driver)) == nil)
        }
        // An emulator's CPUs are host threads: a guest spinning on one only slows the others.
        for signature in ["TCGTCGTCGTCG", "", "unknownvmm"] {
            let emulated = IdleCPUMachine(hypervisorSignature: signature, cpuidleDriver: nil)
            #expect(emulated.hypervisor == nil && IdleCPUPolling.auto.reason(on: emulated) == nil, "\(signature)")
        }
    }

    @Test func onAndOffDoNotAskTheMachine() {
        let metal = IdleCPUMachine(hypervisorSignature: nil, cpuidleDriver: nil)
        let guest = IdleCPUMachine(hypervisorSignature: "KVMKVMKVM", cpuidleDriver: nil)
        #expect(IdleCPUPolling.on.reason(on: metal) == "asked with --idle-poll on")
        #expect(IdleCPUPolling.off.reason(on: guest) == nil)
        #expect(IdleCPUPolling(argument: "auto") == .auto && IdleCPUPolling(argument: "yes") == nil)
        #expect(RealTimeRequest.standard.idlePolling == .auto && RealTimeRequest.none.idlePolling == .off)
    }

    /// This process's threads named `name`: their scheduling policy and the CPUs they may run on
    /// (`/proc/self/task/TID/stat` field 41, `status`'s `Cpus_allowed_list`).
    static func threads(named name: String) -> [(policy: Int, allowed: String)] {
        guard let tasks = opendir("/proc/self/task") else { return [] }
        defer { closedir(tasks) }
        var found: [(policy: Int, allowed: String)] = []
        while let entry = readdir(tasks) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard tid.first?.isNumber == true,
                let comm = try? TextFileContents.read("/proc/self/task/\(tid)/comm", maximumBytes: 64).text,
                comm.split(separator: "\n").first.map(String.init) == name,
                let stat = try? TextFileContents.read("/proc/self/task/\(tid)/stat", maximumBytes: 4096).text,
                let status = try? TextFileContents.read("/proc/self/task/\(tid)/status", maximumBytes: 16384).text,
                let close = stat.lastIndex(of: ")")
            else { continue }
            // Fields from the third (state) on follow the name's closing parenthesis.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            let allowed = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }?.split(separator: "\t").last
            found.append((Int(fields[41 - 3]) ?? -1, allowed.map(String.init) ?? ""))
        }
        return found
    }

    @Test func thePollerSpinsPinnedAtIdlePriorityUntilStopped() throws {
        let cpu = try #require(PosixThread.allowedCPUs().last)
        let poller = try IdleCPUPoller(cpu: cpu)
        // The thread names itself once it runs.
        var running = Self.threads(named: IdleCPUPoller.threadName)
        for _ in 0..<100 where running.isEmpty {
            LoopWait.pause(micros: 10_000)
            running = Self.threads(named: IdleCPUPoller.threadName)
        }
        #expect(running.count == 1)
        // SCHED_IDLE is policy 5.
        #expect(running.first?.policy == 5 && running.first?.allowed == "\(cpu)", "\(running)")
        poller.stop()
        poller.stop()
        #expect(Self.threads(named: IdleCPUPoller.threadName).isEmpty)
        // One released without a stop stops as well.
        _ = try IdleCPUPoller(cpu: cpu)
        #expect(Self.threads(named: IdleCPUPoller.threadName).isEmpty)
    }

    @Test func aCPUThatCannotBeUsedLeavesNoThread() {
        #expect(throws: DeviceError.self) { try IdleCPUPoller(cpu: 1000) }
        #expect(Self.threads(named: IdleCPUPoller.threadName).isEmpty)
    }
}
