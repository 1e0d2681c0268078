/// A failed device call: what was attempted, on which device, the errno it failed with,
/// and what the operator should check. `description` is the one-line message shown.
public struct DeviceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. `open /dev/i2c-1`.
    public var operation: String
    /// The errno value (0 when the failure has no errno, e.g. a line not found).
    public var errno: Int32
    /// What to check, e.g. `check that I2C is enabled (dtparam=i2c_arm=on)`.
    public var hint: String

    public init(operation: String, errno: Int32, hint: String) {
        self.operation = operation
        self.errno = errno
        self.hint = hint
    }

    public var description: String {
        let reason = errno == 0 ? "" : ": " + ErrnoText.describe(errno)
        return "\(operation) failed\(reason)" + (hint.isEmpty ? "" : ": \(hint)")
    }
}
