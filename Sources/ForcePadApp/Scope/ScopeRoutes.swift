import FlyingFox
import FoundationEssentials

/// What the browser scope answers, all read-only (GET and HEAD only):
///
/// - `/`: the page (``ScopePage``), `/scope.js` its script;
/// - `/scope`: the WebSocket of frames, marks and settings (``ScopeMessage``);
/// - `/lab`: the trials and reports of the state directory, `/lab/…` their files (``ScopeLabFiles``).
///
/// Every request must pass ``ScopeAccess`` first; a refused one gets 401 and one line saying how.
struct ScopeRoutes: HTTPHandler {
    let access: ScopeAccess
    let labFiles: ScopeLabFiles
    let socket: WebSocketHTTPHandler

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Self.text(.methodNotAllowed, "the scope is read-only: change settings in the shell")
        }
        guard access.allows(request) else {
            return Self.text(.unauthorized, "a token is needed: open the address with ?token=TOKEN (the token is in \(access.tokenFile ?? "the token file"))")
        }
        switch request.path {
        case "/", "/index.html":
            return Self.body(Array(ScopePage.html.utf8), contentType: "text/html; charset=utf-8")
        case "/scope.js":
            return Self.body(Array(ScopePage.script.utf8), contentType: "text/javascript; charset=utf-8")
        case "/scope":
            return try await socket.handleRequest(request)
        case "/lab":
            return Self.body(Array(labFiles.listing().utf8), contentType: "application/json")
        case let path where path.hasPrefix("/lab/"):
            switch labFiles.file(String(path.dropFirst("/lab/".count))) {
            case .file(let bytes, let contentType): return Self.body(bytes, contentType: contentType)
            case .missing(let reason): return Self.text(.notFound, reason)
            case .tooLarge(let reason): return Self.text(.payloadTooLarge, reason)
            }
        default:
            return Self.text(.notFound, "\(request.path): no such page; the scope is at /")
        }
    }

    private static func body(_ bytes: [UInt8], contentType: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"], body: Data(bytes))
    }

    private static func text(_ status: HTTPStatusCode, _ line: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data((line + "\n").utf8))
    }
}
