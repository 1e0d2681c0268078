import Glibc

/// Which process has a device open, found the way `fuser` finds it: by reading the
/// descriptor links in `/proc/PID/fd`. Only processes whose `/proc` entries this user may
/// read are seen (all of them for root), so finding nobody does not prove the device is free.
public enum DeviceHolder {
    /// `PID N (NAME)` of the first other process holding `devicePath` open, or nil.
    public static func describe(_ devicePath: String) -> String? {
        guard let target = resolved(devicePath), let processes = opendir("/proc") else { return nil }
        defer { closedir(processes) }
        let own = getpid()
        while let entry = readdir(processes) {
            let name = entryName(entry)
            guard let pid = pid_t(name), pid != own, holds(pid, target) else { continue }
            return "PID \(pid)" + (command(of: pid).map { " (\($0))" } ?? "")
        }
        return nil
    }

    private static func holds(_ pid: pid_t, _ target: String) -> Bool {
        let folder = "/proc/\(pid)/fd"
        guard let descriptors = opendir(folder) else { return false }
        defer { closedir(descriptors) }
        while let entry = readdir(descriptors) {
            let name = entryName(entry)
            guard name.first?.isNumber == true else { continue }
            if link(folder + "/" + name) == target { return true }
        }
        return false
    }

    private static func command(of pid: pid_t) -> String? {
        let descriptor = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    private static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
