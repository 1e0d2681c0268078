import Glibc

/// Readable text for errno values, e.g. `No such file or directory (ENOENT)`.
public enum ErrnoText {
    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", ENXIO: "ENXIO", EBADF: "EBADF",
        EAGAIN: "EAGAIN", EACCES: "EACCES", EBUSY: "EBUSY", ENODEV: "ENODEV", EINVAL: "EINVAL",
        ENOTTY: "ENOTTY", EREMOTEIO: "EREMOTEIO", ETIMEDOUT: "ETIMEDOUT", EOPNOTSUPP: "EOPNOTSUPP",
    ]

    public static func describe(_ code: Int32) -> String {
        let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        if let name = names[code] { return "\(text) (\(name))" }
        return text
    }
}
