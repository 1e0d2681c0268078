/// Why a quantity such as `150g`, `20ms` or `50Hz` could not be read. The message is one
/// line meant for the operator: it quotes the input and says what is accepted.
public struct QuantityError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
