import Glibc

/// A program the benchmark starts with `posix_spawnp`: its standard output and error go to
/// one pipe the benchmark reads, its standard input is a pipe the benchmark writes (kept
/// open until ``closeInput()``) or `/dev/null`.
final class ChildProcess {
    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    private var input: Int32
    private let output: Int32
    private var collected: [UInt8] = []

    /// Starts `arguments[0]` (looked up in `PATH` when it has no `/`) with the rest as its arguments.
    init(_ arguments: [String], withInput: Bool) throws(SpawnError) {
        // A child that exits early must not take the benchmark down with a write to its pipe.
        signal(SIGPIPE, SIG_IGN)
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0, !withInput || pipe(&inputPipe) == 0 else {
            throw SpawnError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        // The child gets its ends through dup2; the originals must not stay open in it.
        for descriptor in outputPipe + inputPipe where descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if withInput {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDERR_FILENO)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child = pid_t()
        let result = posix_spawnp(&child, arguments[0], &actions, nil, argv, environ)
        close(outputPipe[1])
        if withInput { close(inputPipe[0]) }
        guard result == 0 else {
            close(outputPipe[0])
            if withInput { close(inputPipe[1]) }
            throw SpawnError(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        pid = child
        input = withInput ? inputPipe[1] : -1
        output = outputPipe[0]
    }

    deinit {
        if input >= 0 { close(input) }
        close(output)
    }

    /// Writes `text` to the child's standard input.
    func send(_ text: String) {
        guard input >= 0 else { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Closes the child's standard input (it sees end of file).
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Reads output until it contains `marker` or `timeoutMillis` passed; whether it did.
    func waitForOutput(containing marker: String, timeoutMillis: Int32) -> Bool {
        let deadline = Self.nowMillis() + Int64(timeoutMillis)
        while !String(decoding: collected, as: UTF8.self).contains(marker) {
            let left = deadline - Self.nowMillis()
            guard left > 0, readSome(timeoutMillis: Int32(left)) else { return false }
        }
        return true
    }

    /// Reads the rest of the output (until the child closes it) and waits for the child to
    /// exit; its whole output and exit status (128 + signal number if a signal ended it).
    func finish() -> (output: String, status: Int32) {
        closeInput()
        while readSome(timeoutMillis: -1) {}
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (String(decoding: collected, as: UTF8.self), exitStatus)
    }

    /// Reads what is there (waiting up to `timeoutMillis`, -1: for ever); false at end of file or timeout.
    private func readSome(timeoutMillis: Int32) -> Bool {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMillis)
        if ready < 0 && errno == EINTR { return true }
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
        if count < 0 && errno == EINTR { return true }
        guard count > 0 else { return false }
        collected += buffer[0..<count]
        return true
    }

    private static func nowMillis() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
