import CRealTime

/// What ``IdleCPUPolling/auto`` reads of the machine: the hypervisor that runs its CPUs in
/// hardware, if any, and the kernel's cpuidle driver. Made from what CPUID and sysfs say, so
/// the decision is tested without the machine (``current()`` reads them).
public struct IdleCPUMachine: Sendable, Equatable {
    /// The hardware-assisted hypervisor running the CPUs (`KVM`, `Hyper-V`, ...), or nil on
    /// bare metal, under an emulator (QEMU's TCG runs each virtual CPU as a host thread, which
    /// a spinning guest would only slow) and where it cannot be told (not x86).
    public let hypervisor: String?
    /// The cpuidle driver in use, or nil when there is none (`none`, or no cpuidle at all).
    public let cpuidleDriver: String?

    /// The hypervisors known by their CPUID signature (leaf 0x40000000) that run guest CPUs in
    /// hardware, with their names.
    static let hardwareHypervisors: [String: String] = [
        "KVMKVMKVM": "KVM", "Linux KVM Hv": "KVM", "Microsoft Hv": "Hyper-V", "VMwareVMware": "VMware",
        "XenVMMXenVMM": "Xen", "bhyve bhyve ": "bhyve", "VBoxVBoxVBox": "VirtualBox", "ACRNACRNACRN": "ACRN",
    ]

    /// `hypervisorSignature`: CPUID leaf 0x40000000's signature when CPUID says a hypervisor
    /// runs the CPU (x86), else nil; `cpuidleDriver`: the text of
    /// `/sys/devices/system/cpu/cpuidle/current_driver`, nil when it is missing.
    public init(hypervisorSignature: String?, cpuidleDriver: String?) {
        hypervisor = hypervisorSignature.flatMap { Self.hardwareHypervisors[$0] }
        let driver = cpuidleDriver?.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init)
        self.cpuidleDriver = driver == nil || driver == "none" ? nil : driver
    }

    /// This machine, as CPUID and sysfs say.
    public static func current() -> IdleCPUMachine {
        var raw = [CChar](repeating: 0, count: 13)
        let signature = fp_rt_hypervisor_signature(&raw) == 1
            ? String(decoding: raw.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        let driver = try? TextFileContents.read("/sys/devices/system/cpu/cpuidle/current_driver", maximumBytes: 256).text
        return IdleCPUMachine(hypervisorSignature: signature, cpuidleDriver: driver)
    }
}
