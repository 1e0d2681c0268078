import FlyingFox
import ForcePadHAL
import Glibc

/// Who may read the browser scope. On a loopback address anyone on this machine may (as on
/// its console); on any other address a request must carry the token, as `?token=…` in the
/// page's address (the page passes it on) or `Authorization: Bearer …`. The token is the
/// first line of `--http-token-file`, or else of `http-token` in the state directory, made
/// once with 128 random bits and readable by its owner only.
struct ScopeAccess: Sendable {
    /// The token asked for, nil when none is (loopback without a token file).
    let token: String?
    /// Where the token was read from, for the shell's `http` and the start-up line.
    let tokenFile: String?

    /// Fewest characters a token file's token may have.
    static let shortestToken = 16

    /// The access for `address`: the token of `tokenFile` when given, else on a non-loopback
    /// address the state directory's `http-token` (made when missing).
    init(address: ScopeListenAddress, tokenFile: String?, stateDirectory: String) throws(SetupError) {
        if let tokenFile {
            token = try Self.read(tokenFile, made: false)
            self.tokenFile = tokenFile
        } else if address.isLoopback {
            token = nil
            self.tokenFile = nil
        } else {
            let path = stateDirectory + "/http-token"
            if access(path, F_OK) != 0 { try Self.make(path) }
            token = try Self.read(path, made: true)
            self.tokenFile = path
        }
    }

    /// Whether `request` may be answered.
    func allows(_ request: HTTPRequest) -> Bool {
        guard let token else { return true }
        let offered = request.query.first(where: { $0.name == "token" })?.value
            ?? request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let offered else { return false }
        // Compared in full whatever differs first, so the time taken does not tell how much matched.
        let expected = Array(token.utf8), given = Array(offered.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in 0..<min(expected.count, given.count) { difference |= expected[index] ^ given[index] }
        return difference == 0
    }

    private static func read(_ path: String, made: Bool) throws(SetupError) -> String {
        let text: String
        do {
            text = try TextFileContents.read(path, maximumBytes: 4096).text
        } catch {
            throw SetupError("--http: the token file \(error.description); give a readable file with --http-token-file")
        }
        let token = String(text.split(whereSeparator: \.isNewline).first ?? "")
        guard token.count >= shortestToken, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw SetupError(
                "\(path):1: the token must be at least \(shortestToken) printable characters without spaces; \(made ? "delete the file to have a new one made" : "write one, e.g. with: openssl rand -hex 16 > \(path)")")
        }
        return token
    }

    /// Writes a new token of 32 hexadecimal digits (128 random bits) to `path`, mode 0600.
    private static func make(_ path: String) throws(SetupError) {
        // The standard library's generator takes the kernel's random bytes (getrandom(2)): fit for a secret.
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = bytes.map { byte in String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16) }.joined()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SetupError("--http: cannot create the token file \(path): \(ErrnoText.describe(errno)); check the state directory's permissions")
        }
        defer { close(descriptor) }
        let line = Array((token + "\n").utf8)
        guard write(descriptor, line, line.count) == line.count else {
            throw SetupError("--http: cannot write the token file \(path): \(ErrnoText.describe(errno))")
        }
    }
}
