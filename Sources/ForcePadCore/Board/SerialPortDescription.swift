/// The serial console the shell is offered on when `--serial` names no other device.
public struct SerialPortDescription: Sendable, Equatable {
    /// Device path, e.g. `/dev/serial0` (UART) or `/dev/ttyGS0` (USB gadget).
    public var device: String
    /// Bits per second.
    public var baud: Int

    public static let supportedBauds = [9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600]

    public init(device: String, baud: Int) {
        self.device = device
        self.baud = baud
    }
}
