import Foundation

/// A terminal emulator the tests can read: a tmux server of its own (its own socket) running
/// one command in a window of a given size, typed at with `send-keys` and read with
/// `capture-pane`, which gives the screen as a person sees it (escape sequences applied).
final class TmuxScreen {
    private let socket = "forcepad-test-\(UUID().uuidString.prefix(8))"

    /// Starts `command` (run by /bin/sh) in a `columns` × `rows` window.
    init(columns: Int, rows: Int, command: String) throws {
        try startServer(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command])
    }

    /// Types `text` as it is, then Enter when `enter`.
    func type(_ text: String, enter: Bool = true) throws {
        try tmux(["send-keys", "-l", text])
        if enter { try tmux(["send-keys", "Enter"]) }
    }

    /// The screen's rows, top to bottom (trailing spaces dropped, as tmux gives them), the
    /// prompt thus as `forcepad>`.
    /// With `joined`, a line the terminal wrapped is one row.
    func rows(joined: Bool = false) throws -> [String] {
        var rows = try tmux(["capture-pane", "-p"] + (joined ? ["-J"] : [])).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// Reads the screen every 100 ms until `condition` holds (or `timeout` seconds pass); the
    /// last screen read, and whether it held.
    func waitFor(timeout: TimeInterval = 20, joined: Bool = false, _ condition: ([String]) -> Bool) throws -> (rows: [String], held: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try rows(joined: joined)
        while !condition(screen) && Date() < deadline {
            usleep(100_000)
            screen = try rows(joined: joined)
        }
        return (screen, condition(screen))
    }

    /// Resizes the window to `columns` × `rows`, as a person dragging a terminal's corner
    /// (the program in it gets SIGWINCH and the kernel's new size).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Ends the server and what runs in it.
    func stop() {
        _ = try? tmux(["kill-server"])
    }

    deinit { stop() }

    /// Runs the tmux command that starts the server with posix_spawn and waits for it: the
    /// server it leaves running must not inherit what Foundation's Process watches for the
    /// end of its child, or that end never comes.
    private func startServer(_ arguments: [String]) throws {
        let argv = (["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
        }
        // The server and what it runs start with no signal blocked or ignored: the test
        // process's threads block some, and a server that never sees SIGCHLD never exits.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
