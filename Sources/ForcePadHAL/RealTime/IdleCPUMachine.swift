import Glibc

/// What ``IdleCPUPolling/auto`` reads of the machine: whether its CPUs are virtual, and the
/// kernel's cpuidle driver. Made from the files' texts so the decision is tested without the
/// machine (``current()`` reads them).
public struct IdleCPUMachine: Sendable, Equatable {
    /// How the CPUs are known to be virtual (`hypervisor flag`, `device tree`), or nil.
    public let virtualCPUEvidence: String?
    /// The cpuidle driver in use, or nil when there is none (`none`, or no cpuidle at all).
    public let cpuidleDriver: String?

    /// `cpuinfo`: `/proc/cpuinfo` (x86 guests carry the `hypervisor` flag);
    /// `deviceTreeCompatible`: `/proc/device-tree/compatible`, NUL-separated (QEMU's arm64
    /// `virt` machine is `linux,dummy-virt`); `hasDeviceTreeHypervisorNode`: whether
    /// `/proc/device-tree/hypervisor` exists (Xen and KVM guests on arm64);
    /// `cpuidleDriver`: `/sys/devices/system/cpu/cpuidle/current_driver`.
    public init(cpuinfo: String?, deviceTreeCompatible: String?, hasDeviceTreeHypervisorNode: Bool, cpuidleDriver: String?) {
        let hasFlag = cpuinfo?.split(separator: "\n").contains { line in
            line.hasPrefix("flags") && line.split(separator: " ").contains("hypervisor")
        } ?? false
        let dummyVirtual = deviceTreeCompatible?.split(separator: "\0").contains("linux,dummy-virt") ?? false
        virtualCPUEvidence = hasFlag
            ? "hypervisor flag" : (dummyVirtual || hasDeviceTreeHypervisorNode ? "device tree" : nil)
        let driver = cpuidleDriver?.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init)
        self.cpuidleDriver = driver == nil || driver == "none" ? nil : driver
    }

    /// This machine, as its files say.
    public static func current() -> IdleCPUMachine {
        func read(_ path: String) -> String? { (try? TextFileContents.read(path, maximumBytes: 1 << 20))?.text }
        return IdleCPUMachine(
            cpuinfo: read("/proc/cpuinfo"), deviceTreeCompatible: read("/proc/device-tree/compatible"),
            hasDeviceTreeHypervisorNode: access("/proc/device-tree/hypervisor", F_OK) == 0,
            cpuidleDriver: read("/sys/devices/system/cpu/cpuidle/current_driver"))
    }
}
