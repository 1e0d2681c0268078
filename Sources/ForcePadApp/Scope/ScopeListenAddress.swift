import FlyingSocks
import Glibc

/// Where the browser scope listens (`--http [HOST:]PORT`): a port alone is this machine only
/// (`8080` is `127.0.0.1:8080`); else an IPv4 address (`127.0.0.1:8080`, `0.0.0.0:8080`), an
/// IPv6 one in brackets (`[::1]:8080`), or `localhost:PORT`. Port 0 takes a free port, which
/// `http` in the shell then names.
struct ScopeListenAddress: Sendable, CustomStringConvertible {
    enum Family: Sendable { case ipv4, ipv6 }

    let host: String
    let port: UInt16
    let family: Family

    /// Reads `text`; the error says what is wrong and gives an example.
    init(_ text: String) throws(SetupError) {
        let example = "give HOST:PORT, e.g. --http 127.0.0.1:8080 (this machine only) or --http 0.0.0.0:8080 (the lab's network, with a token)"
        var host: Substring, portText: Substring
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            host = "127.0.0.1"
            portText = Substring(text)
        } else if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw SetupError("--http \(text): an IPv6 address needs its port after the bracket, as in [::1]:8080")
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw SetupError("--http \(text) has no port; \(example)") }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard let port = UInt16(portText) else { throw SetupError("--http \(text): '\(portText)' is not a port 0…65535; \(example)") }
        if host == "localhost" { host = "127.0.0.1" }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, String(host), &v4) == 1 {
            family = .ipv4
        } else if inet_pton(AF_INET6, String(host), &v6) == 1 {
            family = .ipv6
        } else {
            throw SetupError("--http \(text): '\(host)' is not an IP address (names other than localhost are not looked up); \(example)")
        }
        self.host = String(host)
        self.port = port
    }

    private init(host: String, port: UInt16, family: Family) {
        self.host = host
        self.port = port
        self.family = family
    }

    /// Whether only this machine can reach it (127.0.0.0/8 or ::1): no token is asked there.
    var isLoopback: Bool {
        switch family {
        case .ipv4: host.hasPrefix("127.")
        case .ipv6: host == "::1"
        }
    }

    /// The same address on another port (the one the kernel gave for port 0).
    func with(port: UInt16) -> Self { Self(host: host, port: port, family: family) }

    /// The socket address to bind.
    func socketAddress() throws -> any SocketAddress {
        switch family {
        case .ipv4: try sockaddr_in.inet(ip4: host, port: port)
        case .ipv6: try sockaddr_in6.inet6(ip6: host, port: port)
        }
    }

    /// `http://127.0.0.1:8080/` (a browser's form; IPv6 in brackets).
    var url: String { family == .ipv6 ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/" }

    var description: String { family == .ipv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
