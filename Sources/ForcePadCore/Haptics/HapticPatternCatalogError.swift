/// Why the configured haptic patterns do not fit the loop's pattern bank. The message is
/// one line for the operator.
public struct HapticPatternCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
