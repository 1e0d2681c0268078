import Dispatch
import FlyingFox
import FlyingSocks
import ForcePadCore
import ForcePadHAL
import Glibc
import Logging

/// The browser scope (`forcepad run --http HOST:PORT`, docs/live-view.md): FlyingFox's HTTP
/// server on its own tasks, serving ``ScopeRoutes``, and the ``ScopeBroadcaster``'s thread
/// feeding its WebSockets. Off unless asked for. The loop never waits on it: the tap it reads
/// drops what it does not take, and each page's queue drops what the page does not take.
final class ScopeServer: Sendable {
    /// Where it listens, with the port the kernel gave when port 0 was asked.
    let address: ScopeListenAddress
    let access: ScopeAccess
    let broadcaster: ScopeBroadcaster
    private let server: HTTPServer
    private let running: Task<Void, Never>

    /// Longest the start waits for the socket to listen (s).
    static let startTimeoutSeconds = 3.0

    /// Starts serving at `address`; the error says why it cannot (the address taken, the
    /// network refused by the service's sandbox, …) and the fix.
    init(
        address: ScopeListenAddress, tokenFile: String?, stateDirectory: String, tap: LiveForceTap,
        settings: PublishedSettings, board: BoardDescription, logger: Logger
    ) throws(SetupError) {
        let access = try ScopeAccess(address: address, tokenFile: tokenFile, stateDirectory: stateDirectory)
        let broadcaster = ScopeBroadcaster(tap: tap, settings: settings, board: board)
        let routes = ScopeRoutes(
            access: access, labFiles: ScopeLabFiles(stateDirectory: stateDirectory),
            socket: WebSocketHTTPHandler(handler: ScopeSocketHandler(broadcaster: broadcaster)))
        let server: HTTPServer
        do {
            server = HTTPServer(address: try address.socketAddress(), timeout: 15, logger: ScopeLogBridge(logger: logger), handler: routes)
        } catch {
            throw SetupError("--http \(address): \(Self.reason(error))")
        }
        let outcome = PosixMutex<Result<UInt16, SetupError>?>(nil)
        let decided = DispatchSemaphore(value: 0)
        let running = Task.detached {
            do {
                try await server.run()
            } catch {
                outcome.withLock { $0 = $0 ?? .failure(Self.listenFailure(address, error)) }
                decided.signal()
            }
        }
        Task.detached {
            do {
                try await server.waitUntilListening(timeout: Self.startTimeoutSeconds)
                let port: UInt16? = switch await server.listeningAddress {
                case .ip4(_, let port), .ip6(_, let port): port
                default: nil
                }
                outcome.withLock { $0 = $0 ?? .success(port ?? address.port) }
            } catch {
                outcome.withLock { $0 = $0 ?? .failure(SetupError("--http \(address): not listening after \(Int(Self.startTimeoutSeconds))s; the machine may be overloaded")) }
            }
            decided.signal()
        }
        decided.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let port):
            self.address = address.with(port: port)
        case .failure(let error):
            running.cancel()
            throw error
        case nil:
            running.cancel()
            throw SetupError("--http \(address): the server neither listened nor failed")
        }
        do {
            try broadcaster.start()
        } catch {
            running.cancel()
            throw SetupError("--http: cannot start the scope's thread: \(error.description)")
        }
        self.access = access
        self.broadcaster = broadcaster
        self.server = server
        self.running = running
    }

    /// The page's address, with the token when one is asked.
    var url: String { address.url + (access.token.map { "?token=" + $0 } ?? "") }

    /// Closes every page and the listening socket; waits at most a second for them.
    func stop() {
        broadcaster.stop()
        let stopped = DispatchSemaphore(value: 0)
        let server = server, running = running
        Task.detached {
            await server.stop(timeout: 1)
            running.cancel()
            stopped.signal()
        }
        _ = stopped.wait(timeout: .now() + 2)
    }

    private static func listenFailure(_ address: ScopeListenAddress, _ error: any Error) -> SetupError {
        if case SocketError.failed(_, let code, _) = error {
            switch code {
            case EADDRINUSE:
                return SetupError("--http \(address): the port is in use; give another port, or stop what listens there (ss -ltnp shows it)")
            case EADDRNOTAVAIL:
                return SetupError("--http \(address): this machine has no such address; use 127.0.0.1, 0.0.0.0 or one of its own (ip -brief address)")
            case EACCES:
                return SetupError("--http \(address): ports below 1024 need privileges; use a port from 1024, e.g. 8080")
            case EAFNOSUPPORT, EPERM:
                return SetupError(
                    "--http \(address): the network is closed to forcepad (\(ErrnoText.describe(code))); as a service, install the drop-in that opens it (docs/live-view.md, \"As a service\")")
            default:
                break
            }
        }
        return SetupError("--http \(address): \(reason(error))")
    }

    private static func reason(_ error: any Error) -> String {
        if case SocketError.failed(let call, let code, _) = error { return "\(call) failed: \(ErrnoText.describe(code))" }
        return "\(error)"
    }
}
