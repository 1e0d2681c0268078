import Glibc

/// Which kernel driver, if any, is bound to an I2C device: a driver bound to the address
/// (e.g. `drv260x` from a device-tree overlay) owns the chip, and i2c-dev refuses the address
/// (EBUSY) or, with a forced address, both would write the same registers.
public enum I2CKernelDriverBinding {
    /// The sysfs name of the device at `address` on adapter `devicePath` (`/dev/i2c-1`, 0x5A
    /// → `1-005a`); nil when the path does not end in an adapter number.
    public static func sysfsName(devicePath: String, address: UInt8) -> String? {
        guard let dash = devicePath.lastIndex(of: "-") else { return nil }
        let number = devicePath[devicePath.index(after: dash)...]
        guard !number.isEmpty, number.allSatisfy(\.isNumber) else { return nil }
        let hex = String(address, radix: 16)
        return "\(number)-\(String(repeating: "0", count: 4 - hex.count))\(hex)"
    }

    /// The name of the kernel driver bound to the device at `address` on `devicePath`, from
    /// `<sysfsRoot>/<bus>-00<addr>/driver`; nil when none is bound.
    public static func boundDriver(
        devicePath: String, address: UInt8, sysfsRoot: String = "/sys/bus/i2c/devices"
    ) -> String? {
        guard let name = sysfsName(devicePath: devicePath, address: address) else { return nil }
        var buffer = [CChar](repeating: 0, count: 512)
        let count = readlink("\(sysfsRoot)/\(name)/driver", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.split(separator: "/").last.map(String.init)
    }
}
